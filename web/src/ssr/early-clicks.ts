/**
 * Clicks on the server-rendered live page before it is hydrated (issue 26). On a slow link the
 * page shows long before its script arrives, and a tap on a tab or a menu button would do
 * nothing. A tiny inline script in the rendered page notes the last click until the app takes
 * over; the app replays it on the same element once hydration has committed (hydration keeps
 * the DOM nodes). Links are left alone: they navigate without the app anyway.
 */
export const EARLY_CLICKS_GLOBAL = '__heliodtuEarlyClicks';

interface EarlyClicks {
  /** The element the last click before hydration hit; null after a click on a link. */
  last: Element | null;
  /** Ends the recording. */
  stop(): void;
}

declare global {
  interface Window {
    [EARLY_CLICKS_GLOBAL]?: EarlyClicks;
  }
}

/**
 * The inline script, placed before the rendered markup: capture phase on the document, so it
 * sees every click first, and it never stops one (nothing on the page acts on it yet).
 */
export function earlyClickScript(): string {
  return [
    '(function(){var d=document,k={last:null,stop:function(){d.removeEventListener("click",r,!0)}};',
    'function r(e){var t=e.target;k.last=t&&t.closest&&!t.closest("a[href]")?t:null}',
    `window[${JSON.stringify(EARLY_CLICKS_GLOBAL)}]=k;d.addEventListener("click",r,!0)})();`,
  ].join('');
}

/**
 * Stops the recording and gives the element of the last click before now, if any. Called just
 * before hydrateRoot: from then on React sees clicks itself (it hydrates on a click's demand).
 */
export function takeEarlyClick(): Element | null {
  const clicks = typeof window === 'undefined' ? undefined : window[EARLY_CLICKS_GLOBAL];
  if (!clicks) return null;
  clicks.stop();
  delete window[EARLY_CLICKS_GLOBAL];
  return clicks.last;
}

/**
 * Clicks `target` again, as the pointer did (detail 1: menus tell a pointer from Enter by it);
 * nothing when hydration replaced the element (a page drawn afresh).
 */
export function replayClick(target: Element | null): boolean {
  if (!target?.isConnected) return false;
  target.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1 }),
  );
  return true;
}
