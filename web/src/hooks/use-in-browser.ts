import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/**
 * False on the gateway's render of the live page and while the browser hydrates it, true after:
 * what only the browser draws (a lazy part, which would suspend the server's render) waits for it.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(neverChanges, inBrowser, onServer);
}
