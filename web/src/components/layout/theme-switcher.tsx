import sun from 'bootstrap-icons/icons/sun-fill.svg?raw';
import moon from 'bootstrap-icons/icons/moon-stars-fill.svg?raw';
import auto from 'bootstrap-icons/icons/circle-half.svg?raw';
import { Icon } from '@/components/ui/icon';
import { MenuButton } from '@/components/ui/dropdown-menu';
import { MenuItem } from '@/components/ui/menu-items';
import { useT } from '@/lib/i18n/use-t';
import { THEME_SETTINGS, useThemeStore, type ThemeSetting } from '@/lib/theme-store';

const ICONS: Record<ThemeSetting, string> = { light: sun, dark: moon, auto };
const LABELS = {
  light: 'localeswitcher.Light',
  dark: 'localeswitcher.Dark',
  auto: 'localeswitcher.Auto',
} as const;

/** Light / dark / auto (spec §1); the button shows the current choice. */
export function ThemeSwitcher() {
  const t = useT();
  const setting = useThemeStore((state) => state.setting);
  const setTheme = useThemeStore((state) => state.setTheme);
  return (
    <MenuButton
      align="end"
      ariaLabel={`${t('menu.Theme')}: ${t(LABELS[setting])}`}
      label={<Icon svg={ICONS[setting]} />}
    >
      {THEME_SETTINGS.map((option) => (
        <MenuItem key={option} checked={option === setting} onSelect={() => setTheme(option)}>
          <Icon svg={ICONS[option]} />
          {t(LABELS[option])}
        </MenuItem>
      ))}
    </MenuButton>
  );
}
