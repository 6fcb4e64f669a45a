/** Every localStorage key of the interface (spec §3 "Stored login record"), in one place. */
export const STORAGE_KEYS = {
  /** JSON login record: the authenticate answer plus `authdata` (base64 of user:password). */
  user: 'user',
  locale: 'locale',
  /** 'light' | 'dark' | 'auto'. */
  theme: 'theme',
  /** The allow-version-info toggle, stored as '1' or '0'. */
  allowVersionInfo: 'allowVersionInfo',
} as const;

/** localStorage that never throws (private modes and disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the setting lasts for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove when storage is disabled.
    }
  },
};
