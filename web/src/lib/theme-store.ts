import { create } from 'zustand';
import { PREFERENCE_COOKIES, writePreferenceCookie } from './preference-cookies';
import { STORAGE_KEYS, storage } from './storage-keys';

export type ThemeSetting = 'light' | 'dark' | 'auto';
export const THEME_SETTINGS: readonly ThemeSetting[] = ['light', 'dark', 'auto'];

const DARK_QUERY = '(prefers-color-scheme: dark)';

function readSetting(): ThemeSetting {
  const stored = storage.get(STORAGE_KEYS.theme);
  return THEME_SETTINGS.includes(stored as ThemeSetting) ? (stored as ThemeSetting) : 'auto';
}

const systemDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

/** Sets Bootstrap's data-bs-theme on <html>; auto resolves by the system preference. */
function apply(setting: ThemeSetting) {
  const resolved = setting === 'auto' ? (systemDark() ? 'dark' : 'light') : setting;
  document.documentElement.setAttribute('data-bs-theme', resolved);
  return resolved;
}

interface ThemeState {
  setting: ThemeSetting;
  resolved: 'light' | 'dark';
  setTheme(setting: ThemeSetting): void;
}

/** Light / dark / auto, stored under `theme` (spec §1). */
export const useThemeStore = create<ThemeState>()((set) => ({
  setting: 'auto',
  resolved: 'light',
  setTheme(setting) {
    storage.set(STORAGE_KEYS.theme, setting);
    writeThemeCookie(setting);
    set({ setting, resolved: apply(setting) });
  },
}));

/**
 * The gateway renders the live page in a fixed theme only (issue 26); with auto the system's
 * preference is known to the browser alone.
 */
function writeThemeCookie(setting: ThemeSetting) {
  writePreferenceCookie(PREFERENCE_COOKIES.theme, setting === 'auto' ? null : setting);
}

/** Applies the stored theme before the first render and follows the system live while auto. */
export function startTheme(): void {
  const setting = readSetting();
  writeThemeCookie(setting);
  useThemeStore.setState({ setting, resolved: apply(setting) });
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    const { setting: current } = useThemeStore.getState();
    if (current === 'auto') useThemeStore.setState({ resolved: apply('auto') });
  });
  // Another tab changed the theme.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.theme) {
      const next = readSetting();
      useThemeStore.setState({ setting: next, resolved: apply(next) });
    }
  });
}
