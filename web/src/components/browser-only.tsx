import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const neverChanges = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/**
 * A lazy part drawn only in the browser, once the page is hydrated: never by the gateway's render
 * of the live page (a lazy part would suspend it, and that render fails rather than leave a part
 * to the browser), nor during hydration, which must match that render.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(neverChanges, inBrowser, onServer);
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}
