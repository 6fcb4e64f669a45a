import { useCallback, useEffect, useState } from 'react';
import { ReconnectingSocket, type SocketLike } from '@/lib/reconnecting-socket';
import { deviceScopedPath } from '@/lib/device-scope';
import { onSessionChange } from '@/lib/session';
import { socketUrlWithLogin } from '@/lib/socket-login-url';
import { appendConsole, consoleStamp, EMPTY_CONSOLE, type ConsoleBuffer } from './console-buffer';

// contract/src/ws.ts would bring zod into the bundle, so its facts are repeated here (as in
// features/live/use-live-socket.ts); use-console-socket.test.ts keeps them equal.
export const CONSOLE_PATH = 'console';
export const CONSOLE_AUTH_PARAM = 'auth';
/** Keep-alive on the console socket, spec §9. */
export const CONSOLE_KEEP_ALIVE_MS = 5_000;

/**
 * ws(s)://…/console relative to the interface root, with the stored login as ?auth= and in the
 * userinfo (a device's Basic or Digest challenge).
 */
export function consoleSocketUrl(): string {
  // Behind a companion with several devices: the console of the device the screen shows.
  return socketUrlWithLogin(deviceScopedPath(CONSOLE_PATH), CONSOLE_AUTH_PARAM);
}

export interface ConsoleSocket {
  buffer: ConsoleBuffer;
  online: boolean;
  clear(): void;
}

/** The /console socket while the page is open: keep-alive every 5 s, reconnects, bounded text. */
export function useConsoleSocket(createSocket?: (url: string) => SocketLike): ConsoleSocket {
  const [buffer, setBuffer] = useState<ConsoleBuffer>(EMPTY_CONSOLE);
  const [online, setOnline] = useState(false);

  useEffect(() => {
    const socket = new ReconnectingSocket({
      urlFactory: consoleSocketUrl,
      keepAliveMs: CONSOLE_KEEP_ALIVE_MS,
      onMessage: (text) => {
        const stamp = consoleStamp(new Date());
        setBuffer((current) => appendConsole(current, text, stamp));
      },
      onOpenChange: setOnline,
      ...(createSocket ? { createSocket } : {}),
    });
    socket.start();
    // A login may now allow a socket the gateway refused: start over with the new credentials.
    const unsubscribe = onSessionChange(() => {
      socket.close();
      socket.start();
    });
    return () => {
      unsubscribe();
      socket.close();
    };
  }, [createSocket]);

  const clear = useCallback(() => setBuffer(EMPTY_CONSOLE), []);
  return { buffer, online, clear };
}
