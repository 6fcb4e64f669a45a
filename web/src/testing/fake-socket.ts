import type { SocketLike } from '@/lib/reconnecting-socket';

/**
 * A WebSocket stand-in for unit and component tests (architecture §6.10): the test opens,
 * pushes messages and closes it by hand. Every socket created is kept in `FakeSocket.all`.
 */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];

  /** The socket created last. */
  static get latest(): FakeSocket {
    const socket = FakeSocket.all[FakeSocket.all.length - 1];
    if (!socket) throw new Error('no socket was created');
    return socket;
  }

  static reset(): void {
    FakeSocket.all = [];
  }

  /** Factory for ReconnectingSocket's `createSocket`. */
  static create = (url: string): FakeSocket => new FakeSocket(url);

  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  /** The server accepted the connection. */
  acceptOpen(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sent a text frame; objects are sent as JSON. */
  push(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The connection failed or the server closed it. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }

  send(text: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(text);
  }

  close(code?: number): void {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }

  get isClosed(): boolean {
    return this.readyState === 3;
  }
}
