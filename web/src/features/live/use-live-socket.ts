import { useCallback, useEffect, useRef, useState } from 'react';
import { apiAnswer, apiGet } from '@/lib/api-client';
import { takeEarlyLiveStatus } from '@/lib/early-start';
import { onSessionChange } from '@/lib/session';
import { socketUrlWithLogin } from '@/lib/socket-login-url';
import { LiveConnection } from './live-connection';
import { useLiveStore } from './live-store';

export interface LiveSocketControl {
  /** True until the first list arrived (or failed). */
  loading: boolean;
  /** The first list could not be fetched; the socket and polling keep trying. */
  loadFailed: boolean;
  /** True while a reload runs (spec §4: close, wait 1 s, refetch, reconnect). */
  reloading: boolean;
  reload(): Promise<void>;
}

/**
 * GET api/livedata/status, silent: the live view says itself when data does not come. The first
 * list comes from the request index.html started while the JS downloaded, when there is one.
 */
export function fetchLiveStatus(inv?: string, dtu?: string): Promise<unknown> {
  const early = inv ? undefined : takeEarlyLiveStatus();
  if (early) return apiAnswer(early, 'api/livedata/status', { silent: true });
  return apiGet('api/livedata/status', {
    silent: true,
    device: dtu ?? null,
    ...(inv ? { query: { inv } } : {}),
  });
}

// contract/src/ws.ts would bring zod into the bundle (budget), so its two facts are repeated
// here; use-live-socket.test.ts keeps them equal to the contract's.
export const LIVE_SOCKET_PATH = 'livedata';
export const SOCKET_AUTH_PARAM = 'auth';

/**
 * The URL of the /livedata socket: relative to the interface root (works under a proxy's
 * sub-path), ws or wss by the page protocol, with the stored credentials as the `auth` query
 * parameter for a gateway that demands them (contract/src/ws.ts) and in the userinfo for a
 * device's Basic or Digest challenge.
 */
export function liveSocketUrl(): string {
  return socketUrlWithLogin(LIVE_SOCKET_PATH, SOCKET_AUTH_PARAM);
}

/** Opens the live connection on mount and closes it on unmount (architecture §6.5). */
export function useLiveSocket(): LiveSocketControl {
  const connectionRef = useRef<LiveConnection | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    const connection = new LiveConnection({
      fetchStatus: fetchLiveStatus,
      socketUrl: liveSocketUrl,
    });
    connectionRef.current = connection;
    let active = true;
    // The data that came with a server-rendered page: the socket opens without a list request.
    void connection.start(useLiveStore.getState().renderedByServer).then((ok) => {
      if (!active) return;
      setLoadFailed(!ok);
      setLoading(false);
    });
    // After a login the socket may now be allowed: try at once rather than at the next retry.
    const unsubscribe = onSessionChange(() => connection.retryNow());
    const onVisibility = () => {
      if (document.visibilityState === 'visible') connection.wake();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      connection.stop();
      connectionRef.current = null;
    };
  }, []);

  const reload = useCallback(async () => {
    const connection = connectionRef.current;
    if (!connection) return;
    setReloading(true);
    try {
      setLoadFailed(!(await connection.reload()));
    } finally {
      if (connectionRef.current === connection) setReloading(false);
    }
  }, []);

  return { loading, loadFailed, reloading, reload };
}
