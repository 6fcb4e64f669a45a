import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { basePath, currentAppPath } from './base-path';
import { PATHS } from './paths';

/** Navigates to an in-app path from outside React (API client, stores). */
export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  browserNavigate(basePath() + path, { replace: options.replace ?? false });
}

/** The login route with the current location as returnUrl (spec §8). */
export function loginPathWithReturn(returnUrl = currentAppPath()): string {
  const target = returnUrl.startsWith(PATHS.login) ? PATHS.live : returnUrl;
  return `${PATHS.login}?returnUrl=${encodeURIComponent(target)}`;
}

/** A returnUrl is honoured only as an in-app path, so a link cannot send the user elsewhere. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return PATHS.live;
  }
  return value;
}

/** Leaves the single-page app for a full load (the wait page's return to the root). */
export function replaceLocation(url: string): void {
  window.location.replace(url);
}
