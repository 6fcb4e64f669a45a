/**
 * What index.html's inline start script began before the JS arrived (web/build/early-start.ts).
 * The gateway tells through this cookie on index.html whether reading needs a login (its
 * allow_readonly), so neither the script nor the live route asks a protected gateway anything
 * without credentials (issue 13).
 */
export const READ_ACCESS_COOKIE = 'heliodtu-readonly';

/**
 * Set on <html> by index.html's start script, so a notice only a page without scripts needs
 * can hide by CSS (styles/app.scss): a <noscript> would not do, as the same markup is rendered
 * on the gateway and hydrated, and browsers that merely block scripts still hide <noscript>.
 */
export const SCRIPTING_ATTRIBUTE = 'data-scripting';

interface EarlyRequests {
  /** GET api/livedata/status, started on the live route. */
  live?: Promise<Response>;
}

declare global {
  interface Window {
    __heliodtuEarly?: EarlyRequests;
  }
}

/** An early answer older than this (ms after navigation) is not taken: the list may have changed. */
const EARLY_FRESH_MS = 30_000;

/**
 * The early live status request, once, while fresh: later calls (and pages without it) get
 * undefined and ask the gateway themselves.
 */
export function takeEarlyLiveStatus(now = performance.now()): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__heliodtuEarly;
  const live = early?.live;
  if (early) delete early.live;
  return now <= EARLY_FRESH_MS ? live : undefined;
}

/** False when the gateway said reading needs a login; true when it allows it or did not say. */
export function readAccessOpen(): boolean {
  if (typeof document === 'undefined') return true;
  return !document.cookie.split('; ').includes(`${READ_ACCESS_COOKIE}=off`);
}
