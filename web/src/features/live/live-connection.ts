import { gatewayReach } from '@/lib/gateway-reach';
import { ReconnectingSocket, type SocketLike } from '@/lib/reconnecting-socket';
import { liveActions, type LiveWriter } from './live-store';
import { parseLiveText, parseLiveUpdate, type LiveUpdate } from './merge-live-update';

/** Spec §9: live keep-alive 59 s, the check 10 s after '{}'. */
export const LIVE_KEEP_ALIVE_MS = 59_000;
export const LIVE_CHECK_AFTER_EMPTY_MS = 10_000;
/** Spec §4: reload closes the socket and waits this long before refetching. */
export const RELOAD_PAUSE_MS = 1_000;
/** A socket closed this long makes the page poll instead: the view never silently stops. */
export const FALLBACK_AFTER_MS = 5_000;
/** Polling stops once a socket has stayed open this long, so a flapping socket keeps polling on. */
export const SOCKET_STABLE_MS = 10_000;
/** Back from the background with nothing newer than this, the socket is opened afresh. */
export const WAKE_STALE_MS = 15_000;

/** One polling round (the partial list, then every inverter in full) starts this long after the last. */
export const POLL_INTERVAL_MS = 5_000;

export interface LiveConnectionDeps {
  /** GET api/livedata/status, with `inv` the full object of one inverter; rejects on failure. */
  /** GET api/livedata/status; with `inv` that inverter's full object, of device `dtu` when given. */
  fetchStatus(inv?: string, dtu?: string): Promise<unknown>;
  /** The socket URL, built for each connection (credentials may change in between). */
  socketUrl(): string;
  createSocket?(url: string): SocketLike;
  /** The live store it feeds: the app's (liveActions) unless a test gives its own. */
  live?: LiveWriter;
  /** The clock (ms) data is stamped with as it arrives: Date.now unless a test gives its own. */
  now?(): number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps the live store fed (architecture §6.5): the first status answer, then the /livedata
 * socket. When the socket stays closed for FALLBACK_AFTER_MS it polls
 * `/api/livedata/status?inv=` for every inverter instead, until a socket stays open again.
 */
export class LiveConnection {
  private readonly socket: ReconnectingSocket;
  private fallbackTimer: ReturnType<typeof setTimeout> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on stop and on every polling change, so late answers of an old round are dropped. */
  private generation = 0;
  private stopped = false;
  private readonly live: LiveWriter;
  private readonly now: () => number;

  constructor(private readonly deps: LiveConnectionDeps) {
    this.live = deps.live ?? liveActions;
    this.now = deps.now ?? (() => Date.now());
    this.socket = new ReconnectingSocket({
      urlFactory: () => deps.socketUrl(),
      keepAliveMs: LIVE_KEEP_ALIVE_MS,
      checkAfterEmptyMs: LIVE_CHECK_AFTER_EMPTY_MS,
      onMessage: (text) => {
        gatewayReach.answered();
        const update = parseLiveText(text);
        if (update) this.live.message(update, this.now());
      },
      onOpenChange: (open) => this.onOpenChange(open),
      ...(deps.createSocket ? { createSocket: deps.createSocket } : {}),
    });
  }

  /**
   * Loads the list, then opens the socket; resolves true when the list arrived. With `loaded`
   * the store holds the list already (the server-rendered page's) and only the socket opens.
   */
  start(loaded = false): Promise<boolean> {
    this.stopped = false;
    const loading = loaded ? Promise.resolve(true) : this.load();
    this.socket.start();
    this.armFallback();
    return loading;
  }

  /** Spec §4: close the socket, wait 1 s, refetch, reconnect. */
  async reload(): Promise<boolean> {
    this.socket.close();
    await sleep(RELOAD_PAUSE_MS);
    if (this.stopped) return false;
    const loaded = await this.load();
    if (!this.stopped) this.socket.start();
    return loaded;
  }

  /** Closes the socket and stops every timer (leaving the page). */
  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.socket.close();
    for (const timer of [this.fallbackTimer, this.stableTimer, this.pollTimer]) clearTimeout(timer);
    this.fallbackTimer = this.stableTimer = this.pollTimer = undefined;
    this.live.setConnected(false);
    this.live.setTransport('socket');
  }

  /**
   * The page is visible again. Phones suspend sockets in the background and may still report
   * them open (OpenDTU O#2987), so without recent data the socket is opened afresh.
   */
  wake(now = this.now()): void {
    if (this.stopped) return;
    const last = this.live.current().lastUpdateAt;
    if (this.socket.isOpen && last !== null && now - last <= WAKE_STALE_MS) return;
    this.socket.close();
    this.socket.start();
  }

  /** Reconnects at once when closed (after a login, with the new credentials). */
  retryNow(): void {
    if (this.stopped || this.socket.isOpen) return;
    this.socket.close();
    this.socket.start();
  }

  /** GET api/livedata/status (the partial list) into the store. */
  private async load(): Promise<boolean> {
    const generation = this.generation;
    try {
      const update = parseLiveUpdate(await this.deps.fetchStatus());
      if (!update || generation !== this.generation) return false;
      this.live.snapshot(update, this.now());
      return true;
    } catch {
      return false;
    }
  }

  private onOpenChange(open: boolean): void {
    if (this.stopped) return;
    this.live.setConnected(open);
    if (open) {
      gatewayReach.answered();
      clearTimeout(this.fallbackTimer);
      this.fallbackTimer = undefined;
      if (this.pollTimer !== undefined || this.live.current().transport === 'polling') {
        clearTimeout(this.stableTimer);
        this.stableTimer = setTimeout(() => this.stopPolling(), SOCKET_STABLE_MS);
      }
    } else {
      clearTimeout(this.stableTimer);
      this.stableTimer = undefined;
      this.armFallback();
    }
  }

  private armFallback(): void {
    if (this.fallbackTimer !== undefined || this.live.current().transport === 'polling') return;
    this.fallbackTimer = setTimeout(() => {
      this.fallbackTimer = undefined;
      if (!this.stopped && !this.socket.isOpen) this.startPolling();
    }, FALLBACK_AFTER_MS);
  }

  private startPolling(): void {
    this.generation += 1;
    this.live.setTransport('polling');
    void this.pollRound(this.generation);
  }

  private stopPolling(): void {
    this.stableTimer = undefined;
    if (!this.socket.isOpen) return;
    this.generation += 1;
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    this.live.setTransport('socket');
  }

  /** The partial list (inverters added or deleted), then each inverter's full object. */
  private async pollRound(generation: number): Promise<void> {
    this.pollTimer = undefined;
    // A failure without an answer reaches every notice through api-client.ts (gateway-reach).
    try {
      const list = parseLiveUpdate(await this.deps.fetchStatus());
      if (generation !== this.generation) return;
      if (list) this.live.snapshot(list, this.now());
      for (const { serial, dtu } of list?.inverters ?? []) {
        // Behind a companion with several devices the inverter's own device answers (issue 27);
        // its answer does not name the device, so it is stamped here to merge into the same entry.
        const full = parseLiveUpdate(await this.deps.fetchStatus(serial, dtu));
        if (generation !== this.generation) return;
        if (full) {
          this.live.message(dtu === undefined ? full : withDevice(full, dtu), this.now());
        }
      }
    } catch {
      // Tried again in POLL_INTERVAL_MS.
    }
    if (generation !== this.generation) return;
    this.pollTimer = setTimeout(() => void this.pollRound(generation), POLL_INTERVAL_MS);
  }
}

/** An update whose inverters are all on device `dtu` (issue 27). */
function withDevice(update: LiveUpdate, dtu: string): LiveUpdate {
  return { ...update, inverters: update.inverters.map((inverter) => ({ ...inverter, dtu })) };
}
