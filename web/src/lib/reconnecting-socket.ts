/** The part of the browser's WebSocket this class uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export const SOCKET_OPEN = 1;
const SOCKET_CONNECTING = 0;

export interface ReconnectingSocketOptions {
  /** Called for every connection, so a login in between is picked up. */
  urlFactory(): string;
  /** Every text frame except the reconnect request '{}'. */
  onMessage(text: string): void;
  /** true when a socket opened, false when it closed or failed. */
  onOpenChange?(open: boolean): void;
  /** Keep-alive period: 59 s on /livedata, 5 s on /console (spec §9). */
  keepAliveMs: number;
  /** Text sent as keep-alive; the server ignores it (wire-contract §4.2). */
  keepAliveText?: string;
  /** After '{}' the socket closes and the check runs this much later (spec §4: 10 s). */
  checkAfterEmptyMs?: number;
  /**
   * Quicker retries after an unexpected close, by attempt; the last entry repeats. The spec's
   * keep-alive check alone would leave a dropped socket dead for up to 59 s, and a live view
   * that silently stops updating is what OpenDTU's owners complain of most.
   */
  retryDelaysMs?: readonly number[];
  createSocket?(url: string): SocketLike;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/**
 * A WebSocket that stays connected, after OpenDTU's WebSocketService with the spec's timings
 * (spec §4, architecture §6.5): a keep-alive check every `keepAliveMs` sends the ping when the
 * socket is open and reconnects when it is not; '{}' closes the socket and the check runs after
 * 10 s. Unexpected closes also retry sooner, with a growing delay. Timers are plain setTimeout,
 * so fake timers drive it in tests. close() detaches every handler and stops every timer.
 */
export class ReconnectingSocket {
  private socket: SocketLike | null = null;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private active = false;
  private open = false;

  constructor(private readonly options: ReconnectingSocketOptions) {}

  /** True while a socket is open. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Connects and starts the keep-alive check. */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.failures = 0;
    this.connect();
    this.scheduleCheck(this.options.keepAliveMs);
  }

  /** Closes the socket for good: no handler fires and no timer runs afterwards. */
  close(): void {
    this.active = false;
    clearTimeout(this.checkTimer);
    clearTimeout(this.retryTimer);
    this.checkTimer = undefined;
    this.retryTimer = undefined;
    this.dropSocket();
    this.setOpen(false);
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.dropSocket();
    const url = this.options.urlFactory();
    let socket: SocketLike;
    try {
      socket = this.options.createSocket?.(url) ?? (new WebSocket(url) as SocketLike);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.setOpen(true);
      // A fresh connection gets a full keep-alive period (OpenDTU restarts its check on open).
      this.scheduleCheck(this.options.keepAliveMs);
    };
    socket.onmessage = (event: MessageEvent) => {
      const text = typeof event.data === 'string' ? event.data : '';
      if (text.trim() === '{}') {
        this.dropSocket();
        this.setOpen(false);
        this.scheduleCheck(this.options.checkAfterEmptyMs ?? 10_000);
        return;
      }
      this.options.onMessage(text);
    };
    socket.onerror = () => undefined; // onclose follows and decides.
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setOpen(false);
      this.scheduleRetry();
    };
  }

  private tick = (): void => {
    this.checkTimer = undefined;
    if (!this.active) return;
    if (this.socket?.readyState === SOCKET_OPEN) {
      try {
        this.socket.send(this.options.keepAliveText ?? 'ping');
      } catch {
        // A socket that cannot send is as good as closed; the next check reconnects.
      }
    } else if (this.socket?.readyState !== SOCKET_CONNECTING) {
      this.connect();
    }
    this.scheduleCheck(this.options.keepAliveMs);
  };

  private scheduleCheck(ms: number): void {
    clearTimeout(this.checkTimer);
    this.checkTimer = this.active ? setTimeout(this.tick, ms) : undefined;
  }

  private scheduleRetry(): void {
    if (!this.active || this.retryTimer !== undefined) return;
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    if (delays.length === 0) return;
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 0;
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.active && !this.open) this.connect();
    }, delay);
  }

  /** Detaches the current socket and closes it quietly. */
  private dropSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    if (socket.readyState === SOCKET_CONNECTING) {
      // Closing while connecting makes Chromium log an error; close once it is open instead.
      socket.onopen = () => socket.close(1000);
      return;
    }
    socket.onopen = null;
    try {
      socket.close(1000);
    } catch {
      // Already closing.
    }
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    this.options.onOpenChange?.(open);
  }
}
