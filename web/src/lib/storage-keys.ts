/** Every localStorage key of the interface (spec §3 "Stored login record"), in one place. */
export const STORAGE_KEYS = {
  /** JSON login record: the authenticate answer plus `authdata` (base64 of user:password). */
  user: 'user',
  locale: 'locale',
  /** 'light' | 'dark' | 'auto'. */
  theme: 'theme',
  /** The allow-version-info toggle, stored as '1' or '0'. */
  allowVersionInfo: 'allowVersionInfo',
  /** When the gateway last answered (ms since 1970), for "cannot be reached since" (issue 16). */
  gatewaySeenAt: 'gatewaySeenAt',
  /** JSON of the last live data, shown while the gateway cannot be reached (issue 16). */
  liveSnapshot: 'liveSnapshot',
  /** The live view's tab: 'overview' or an inverter serial (issue 15). */
  liveTab: 'liveTab',
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
