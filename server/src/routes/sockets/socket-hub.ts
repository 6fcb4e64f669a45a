import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE_UNAUTHORIZED } from '@heliodtu/contract/ws';
import { socketAllowed, type SocketCredential } from './socket-auth.js';
import { sendTextFrame, textFrame, type TextFrame } from './text-frame.js';

const isTextFrame = (message: string | Buffer | TextFrame): message is TextFrame =>
  typeof message === 'object' && 'framed' in message;

/** Unsent bytes above which a client is too slow to keep: it is closed, not waited for. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Close code for a client dropped by that rule (RFC 6455 1013, try again later). */
export const SOCKET_CLOSE_TOO_SLOW = 1013;

interface HubClient {
  /** The credential it connected with, re-checked when the security settings change. */
  readonly credential: SocketCredential;
}

/**
 * The clients of one socket path. A message is encoded and framed once and the same bytes go
 * to every client (fan-out cost: one serialisation per message, one write per client).
 * Back-pressure rule: a client with more than MAX_BUFFERED_BYTES unsent is closed with
 * SOCKET_CLOSE_TOO_SLOW (ws destroys it if the close handshake stalls), so every client that
 * stays connected gets every message and a slow one never delays or bloats the others.
 */
export class SocketHub {
  private readonly clients = new Map<WebSocket, HubClient>();

  get size(): number {
    return this.clients.size;
  }

  add(socket: WebSocket, credential: SocketCredential): void {
    this.clients.set(socket, { credential });
    socket.on('close', () => this.clients.delete(socket));
    // A broken peer must not take the process down; 'close' follows an error.
    socket.on('error', () => socket.terminate());
  }

  /** Send one text message to every open client; returns how many got it. */
  broadcast(message: string | Buffer | TextFrame): number {
    if (this.clients.size === 0) return 0;
    const frame = isTextFrame(message) ? message : textFrame(message);
    let sent = 0;
    for (const socket of this.clients.keys()) if (this.send(socket, frame)) sent++;
    return sent;
  }

  /** Send to one client unless it is not open; a client over the buffer limit is closed. */
  send(socket: WebSocket, message: string | Buffer | TextFrame): boolean {
    if (!this.clients.has(socket) || socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(SOCKET_CLOSE_TOO_SLOW, 'Too slow');
      return false;
    }
    sendTextFrame(socket, isTextFrame(message) ? message : textFrame(message));
    return true;
  }

  /** Close the clients for which `keep` is false. */
  closeUnless(keep: (credential: SocketCredential) => boolean, code: number, reason: string): void {
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
