import type { WebSocket } from 'ws';
import type { LiveDataFullStatus } from '@heliodtu/contract/live-data';
import { LIVE_PUSH_MAX_INTERVAL_MS, LIVE_SEND_TICK_MS } from '@heliodtu/contract/ws';
import type { SocketHub } from './socket-hub.js';
import { textFrame, type TextFrame } from './text-frame.js';

/** What the fan-out needs of the simulator (device/simulator.ts FleetSimulator). */
export interface LiveSource {
  inverterSerials(): string[];
  liveData(serial: string): LiveDataFullStatus;
  on(event: 'update', listener: (serial: string) => void): unknown;
  off(event: 'update', listener: (serial: string) => void): unknown;
}

export interface LiveTiming {
  tickMs: number;
  maxIntervalMs: number;
}

interface Sent {
  /** Host ms of the last broadcast of this inverter. */
  at: number;
  /** That message, encoded and framed once: a new client gets it while it is fresh. */
  message: TextFrame;
}

/**
 * The /livedata sender, wire-contract §4.2: one inverter per message, pushed when the
 * simulator has new data for it (at most once per tick when updates come faster) and at
 * least every 10 s. Each message is built, encoded and framed once and the same bytes go to
 * every client; nothing is built while no client is connected.
 */
export class LiveFanout {
  private readonly dirty = new Set<string>();
  private readonly sent = new Map<string, Sent>();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Immediate | undefined;
  private readonly onUpdate = (serial: string) => this.noteUpdate(serial);

  constructor(
    private readonly source: LiveSource,
    private readonly hub: SocketHub,
    private readonly timing: LiveTiming = {
      tickMs: LIVE_SEND_TICK_MS,
      maxIntervalMs: LIVE_PUSH_MAX_INTERVAL_MS,
    },
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.source.on('update', this.onUpdate);
    this.timer = setInterval(() => this.flush(), this.timing.tickMs);
    this.timer.unref();
  }

  stop(): void {
    this.source.off('update', this.onUpdate);
    clearInterval(this.timer);
    if (this.soon) clearImmediate(this.soon);
  }

  /**
   * A new client gets every inverter at once (the device makes it wait up to 10 s): the last
   * broadcast while it is fresh, else a new message. For the only client that new message
   * counts as the broadcast; others keep their own schedule.
   */
  welcome(socket: WebSocket): void {
    const now = this.now();
    for (const serial of this.source.inverterSerials()) {
      const cached = this.sent.get(serial);
      if (cached && now - cached.at < this.timing.tickMs) {
        this.hub.send(socket, cached.message);
        continue;
      }
      const message = this.build(serial);
      if (!message) continue;
      if (this.hub.size <= 1) this.sent.set(serial, { at: now, message });
      this.hub.send(socket, message);
    }
  }

  private noteUpdate(serial: string): void {
    if (this.hub.size === 0) return;
    this.dirty.add(serial);
    const last = this.sent.get(serial)?.at ?? -Infinity;
    // Data arriving faster than one tick waits for the tick, so each inverter is capped at one
    // message per tick however fast the simulation runs.
    if (this.now() - last >= this.timing.tickMs) this.soon ??= setImmediate(() => this.flush());
  }

  /** Send every inverter with new data or without a message for (almost) the max interval. */
  private flush(): void {
    this.soon = undefined;
    if (this.hub.size === 0) {
      this.dirty.clear();
      return;
    }
    const now = this.now();
    // The tick may land just short of the interval: send one tick early rather than one late.
    const staleAfter = this.timing.maxIntervalMs - this.timing.tickMs;
    const serials = this.source.inverterSerials();
    for (const serial of serials) {
      const last = this.sent.get(serial)?.at ?? -Infinity;
      if (!this.dirty.has(serial) && now - last < staleAfter) continue;
      const message = this.build(serial);
      if (!message) continue;
      this.sent.set(serial, { at: now, message });
      this.hub.broadcast(message);
    }
    this.dirty.clear();
    for (const serial of this.sent.keys()) if (!serials.includes(serial)) this.sent.delete(serial);
  }

  private build(serial: string): TextFrame | null {
    const status = this.source.liveData(serial);
    if (status.inverters.length !== 1) return null;
    return textFrame(JSON.stringify(status));
  }
}
