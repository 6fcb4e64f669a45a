import translateIcon from 'bootstrap-icons/icons/translate.svg?raw';
import { Icon } from '@/components/ui/icon';
import { MenuButton } from '@/components/ui/dropdown-menu';
import { MenuItem } from '@/components/ui/menu-items';
import { useI18nStore } from '@/lib/i18n/i18n-store';
import { useT } from '@/lib/i18n/use-t';

/** en / de / fr plus the server's packs (spec §1); each name in its own language. */
export function LocaleSwitcher() {
  const t = useT();
  const locale = useI18nStore((state) => state.locale);
  const languages = useI18nStore((state) => state.languages);
  const setLocale = useI18nStore((state) => state.setLocale);
  const current = languages.find((l) => l.code === locale);
  return (
    <MenuButton
      align="end"
      label={
        <>
          <Icon svg={translateIcon} />
          {/* The spoken name contains the visible code, as WCAG 2.5.3 asks. */}
          <span className="visually-hidden">{`${t('menu.Language')}: ${current?.name ?? locale} `}</span>
          <span className="ms-1 text-uppercase small">{locale}</span>
        </>
      }
    >
      {languages.map((language) => (
        <MenuItem
          key={language.code}
          lang={language.code}
          checked={language.code === locale}
          onSelect={() => void setLocale(language.code)}
        >
          {language.name}
        </MenuItem>
      ))}
    </MenuButton>
  );
}
