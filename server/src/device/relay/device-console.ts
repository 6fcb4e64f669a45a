import { EventEmitter } from 'node:events';
import { CONSOLE_SOCKET_PATH } from '@heliodtu/contract/ws';
import type { ReconnectPolicy } from '../../reconnect-policy.js';
import type { DeviceTarget } from './device-target.js';
import { SocketLink } from './socket-link.js';

/**
 * How long the device's console socket stays open after the last browser left: a page reload
 * or a step to another screen and back does not close and reopen it.
 */
export const CONSOLE_GRACE_MS = 8000;
/** Device frames kept for a browser that arrives while the socket is open (≤ 500 B each). */
const RECENT_FRAMES = 64;

export interface DeviceConsoleOptions {
  target: DeviceTarget;
  /** For the link's odd-frame and handler lines; away and back are the live link's to say. */
  log: (line: string) => void;
  reconnect?: ReconnectPolicy;
  graceMs?: number;
  /** The host clock (epoch ms) of its link; Date.now by default. */
  now?: () => number;
}

interface DeviceConsoleEvents {
  /** A text frame of the device's console, as it sent it (it may end mid-line). */
  frame: [text: string];
}

/**
 * The device's /console socket, held only while someone watches: watch() opens it (one socket
 * however many watch), the last release closes it CONSOLE_GRACE_MS later. While watched it
 * reconnects like the live link; once closed no socket and no timer is left.
 */
export class DeviceConsole extends EventEmitter<DeviceConsoleEvents> {
  private watchers = 0;
  private link: SocketLink | undefined;
  private graceTimer: NodeJS.Timeout | undefined;
  private recent: string[] = [];
  private stopped = false;
  private readonly graceMs: number;

  constructor(private readonly options: DeviceConsoleOptions) {
    super();
    this.setMaxListeners(0);
    this.graceMs = options.graceMs ?? CONSOLE_GRACE_MS;
  }

  /** Whether the device's console socket is held (open, or being retried). */
  get held(): boolean {
    return this.link !== undefined;
  }

  /** The device frames since the socket last opened, the newest RECENT_FRAMES of them. */
  recentFrames(): readonly string[] {
    return this.recent;
  }

  /** One more watcher; the returned function releases it (a second call does nothing). */
  watch(): () => void {
    // A device known by its MQTT topics has no console the companion can reach.
    if (this.stopped || this.options.target.kind === 'mqtt') return () => undefined;
    this.watchers++;
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    if (!this.link) this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.watchers--;
      if (this.watchers > 0 || this.stopped) return;
      this.graceTimer = setTimeout(() => {
        this.graceTimer = undefined;
        void this.close();
      }, this.graceMs);
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    await this.close();
  }

  private open(): void {
    const { target, log, reconnect, now } = this.options;
    const link = new SocketLink({
      target,
      path: CONSOLE_SOCKET_PATH,
      label: 'console',
      log,
      stateLines: false,
      ...(reconnect ? { reconnect } : {}),
      ...(now ? { now } : {}),
    });
    // What the device sends on a new socket starts the story again (the simulator, for one,
    // replays its backlog), so the kept frames start again too.
    link.on('connected', () => (this.recent = []));
    link.on('frame', ({ text, binary }) => {
      if (binary) return;
      this.recent.push(text);
      if (this.recent.length > RECENT_FRAMES) this.recent.shift();
      this.emit('frame', text);
    });
    this.link = link;
    link.start();
  }

  private async close(): Promise<void> {
    const link = this.link;
    this.link = undefined;
    this.recent = [];
    await link?.stop();
  }
}
