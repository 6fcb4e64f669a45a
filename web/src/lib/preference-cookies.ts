/**
 * The language and theme chosen in the browser, also as cookies, so that the gateway renders
 * the live page in them (issue 26; server/src/plugins/rendered-live-page.ts reads them by these
 * names). localStorage stays the interface's own record.
 */
export const PREFERENCE_COOKIES = {
  locale: 'heliodtu-locale',
  theme: 'heliodtu-theme',
} as const;

const YEAR_S = 365 * 24 * 3600;

/** Sets a preference cookie for a year, or removes it (null: the browser's default applies). */
export function writePreferenceCookie(
  name: (typeof PREFERENCE_COOKIES)[keyof typeof PREFERENCE_COOKIES],
  value: string | null,
): void {
  if (typeof document === 'undefined') return;
  const safe = value === null ? '' : encodeURIComponent(value);
  const age = value === null ? 0 : YEAR_S;
  document.cookie = `${name}=${safe}; Path=/; Max-Age=${age}; SameSite=Lax`;
}
