import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE_UNAUTHORIZED } from '@heliodtu/contract/ws';
import { socketAllowed } from './socket-auth.js';

/** A client whose unsent data exceeds this is skipped, not queued further. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A client that stays over the limit this long is a dead or stalled peer: it is dropped. */
export const CLOGGED_TIMEOUT_MS = 60_000;

interface HubClient {
  /** The credential it connected with, re-checked when the security settings change. */
  readonly credential: string | null;
  cloggedSince: number | null;
}

/**
 * The clients of one socket path. Messages are encoded once and the same buffer goes to every
 * client (fan-out cost stays one serialisation per message). Memory stays bounded: a client
 * that does not read is skipped while its buffer is full and dropped when it stays full.
 */
export class SocketHub {
  private readonly clients = new Map<WebSocket, HubClient>();

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.clients.size;
  }

  add(socket: WebSocket, credential: string | null): void {
    this.clients.set(socket, { credential, cloggedSince: null });
    socket.on('close', () => this.clients.delete(socket));
    // A broken peer must not take the process down; 'close' follows an error.
    socket.on('error', () => socket.terminate());
  }

  /** Send one text message to every client that can take it; returns how many got it. */
  broadcast(text: string | Buffer): number {
    if (this.clients.size === 0) return 0;
    const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    let sent = 0;
    for (const socket of this.clients.keys()) if (this.send(socket, data)) sent++;
    return sent;
  }

  /** Send to one client, unless it is not open or its buffer is full. */
  send(socket: WebSocket, text: string | Buffer): boolean {
    const client = this.clients.get(socket);
    if (!client || socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.cloggedSince ??= this.now();
      if (this.now() - client.cloggedSince > CLOGGED_TIMEOUT_MS) socket.terminate();
      return false;
    }
    client.cloggedSince = null;
    socket.send(text, { binary: false });
    return true;
  }

  /** Close the clients for which `keep` is false. */
  closeUnless(keep: (credential: string | null) => boolean, code: number, reason: string): void {
    for (const [socket, client] of this.clients) {
      if (!keep(client.credential)) socket.close(code, reason);
    }
  }
}

/**
 * A hub whose clients are re-checked whenever the security settings are saved: those that
 * no longer pass the socket guard are closed (the firmware closes every client instead).
 */
export function createGuardedHub(app: FastifyInstance): SocketHub {
  const hub = new SocketHub();
  const onSaved = (changed: readonly string[]) => {
    if (!changed.includes('security')) return;
    hub.closeUnless(
      (credential) => socketAllowed(app, credential),
      SOCKET_CLOSE_UNAUTHORIZED,
      'Unauthorized',
    );
  };
  app.store.on('saved', onSaved);
  app.addHook('onClose', async () => {
    app.store.off('saved', onSaved);
  });
  return hub;
}
