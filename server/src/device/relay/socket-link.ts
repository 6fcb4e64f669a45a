import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { DEFAULT_RECONNECT, type ReconnectPolicy } from '../../reconnect-policy.js';
import { connectionLostProblem, type DeviceProblem } from './device-problem.js';
import { DeviceKnock, KNOCKED_PROBLEMS, LINK_PORT_WATCH_MS } from './device-knock.js';
import type { DeviceTarget } from './device-target.js';
import { formatDuration } from '../format-time.js';
import type { LinkState, SocketLinkEvents, SocketLinkOptions } from './socket-link-types.js';
import type { DigestChallenge } from '../../auth/digest.js';
import { LinkAuth, SocketAttempt } from './socket-attempt.js';

export type {
  LinkAway,
  LinkBack,
  LinkConnected,
  LinkFrame,
  LinkState,
  SocketLinkEvents,
  SocketLinkOptions,
} from './socket-link-types.js';

/** A handshake that takes longer has a device that is not really there. */
export const LINK_CONNECT_TIMEOUT_MS = 10_000;
/**
 * A Wi-Fi drop sends no FIN: the link pings this often and gives up on a device that has not
 * answered since the last ping. ESP32 web servers answer pings by themselves.
 */
export const LINK_PING_INTERVAL_MS = 10_000;

/**
 * One socket to one OpenDTU device (its /livedata, its /console). It connects with the stored
 * credentials (Basic; Digest when the device answers the upgrade with a Digest challenge, as
 * v26 does), reconnects with back-off (1 s doubling to 30 s, from 1 s again after a
 * connection), and turns everything that happens into typed events and a console line per
 * change of state. It never throws into its owner; stop() leaves no socket and no timer.
 * One instance runs once: start() after stop() does nothing.
 */
export class SocketLink<
  Extra extends Record<keyof Extra, unknown[]> = Record<never, never>,
> extends EventEmitter<SocketLinkEvents & Extra> {
  private attempt: SocketAttempt | undefined;
  private linkState: LinkState = 'idle';
  private awaySinceMs = 0;
  private lastReason: DeviceProblem | undefined;
  private retryDelay: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly knock: DeviceKnock;
  private everConnected = false;
  protected readonly target: DeviceTarget;
  private readonly url: string;
  private readonly auth: LinkAuth;
  private readonly label: string;
  private connectedSinceMs = 0;
  private readonly stateLines: boolean;
  private readonly reconnect: ReconnectPolicy;
  private readonly connectTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly now: () => number;
  protected readonly log: (line: string) => void;

  constructor(options: SocketLinkOptions) {
    super();
    this.target = options.target;
    this.url = this.target.socketUrl(options.path);
    this.auth = new LinkAuth(this.target, this.url);
    this.label = options.label;
    this.stateLines = options.stateLines ?? true;
    this.reconnect = options.reconnect ?? DEFAULT_RECONNECT;
    this.retryDelay = this.reconnect.initialMs;
    this.connectTimeoutMs = options.connectTimeoutMs ?? LINK_CONNECT_TIMEOUT_MS;
    this.pingIntervalMs = options.pingIntervalMs ?? LINK_PING_INTERVAL_MS;
    this.now = options.now ?? Date.now;
    // Back while away: try at once, the pending retry cancelled.
    this.knock = new DeviceKnock(this.target, options.portWatchMs ?? LINK_PORT_WATCH_MS, () => {
      if (this.linkState !== 'away' || !this.retryTimer) return;
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.open();
    });
    this.log = options.log ?? (() => undefined);
  }

  get state(): LinkState {
    return this.linkState;
  }

  /** Epoch ms the current outage began; undefined while connected or before the first try failed. */
  get awaySince(): number | undefined {
    return this.linkState === 'away' ? this.awaySinceMs : undefined;
  }

  /** Epoch ms the socket opened; undefined while it is not open. */
  get connectedSince(): number | undefined {
    return this.linkState === 'connected' ? this.connectedSinceMs : undefined;
  }

  /** Why the link is down, while away; undefined otherwise. */
  get problem(): DeviceProblem | undefined {
    return this.linkState === 'away' ? this.lastReason : undefined;
  }

  /** The wait before the next retry while away (the back-off as it stands). */
  get nextRetryMs(): number {
    return this.retryDelay;
  }

  start(): void {
    if (this.linkState !== 'idle') return;
    this.linkState = 'connecting';
    this.open();
  }

  /** Closes the socket (a close frame, cut after a second) and cancels every timer. */
  async stop(): Promise<void> {
    if (this.linkState === 'stopped') return;
    this.linkState = 'stopped';
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.knock.stop();
    const socket = this.attempt?.socket;
    this.attempt?.detach();
    this.attempt = undefined;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    else socket.terminate();
    const cut = setTimeout(() => socket.terminate(), 1000);
    await closed;
    clearTimeout(cut);
  }

  /** One handshake; `retry` marks the second of a try, which gets no third. */
  private open(challenge?: DigestChallenge, retry = false): void {
    this.attempt = new SocketAttempt({
      target: this.target,
      url: this.url,
      auth: this.auth,
      challenge,
      retry,
      connectTimeoutMs: this.connectTimeoutMs,
      pingIntervalMs: this.pingIntervalMs,
      onOpen: () => this.onOpen(),
      onFrame: (text, binary) => this.notify('frame', { deviceId: this.target.id, text, binary }),
      onEnd: (end) => {
        this.attempt = undefined;
        if (end.again && this.linkState !== 'stopped') return this.open(end.challenge, true);
        this.onDown(end.again ? undefined : end.problem);
      },
    });
  }

  private onOpen(): void {
    const wasAway = this.linkState === 'away';
    this.linkState = 'connected';
    this.connectedSinceMs = this.now();
    this.retryDelay = this.reconnect.initialMs;
    this.knock.stop();
    this.lastReason = undefined;
    const deviceId = this.target.id;
    this.notify('connected', { deviceId, url: this.url });
    if (wasAway) {
      const awayMs = this.connectedSinceMs - this.awaySinceMs;
      this.stateLine(
        `Device ${deviceId}: back after ${formatDuration(awayMs)}, ${this.label} again`,
      );
      this.notify('back', { deviceId, since: this.awaySinceMs, awayMs });
    } else if (!this.everConnected) {
      this.stateLine(`Device ${deviceId}: ${this.label} from ${this.url}`);
    }
    this.everConnected = true;
  }

  private onDown(reason: DeviceProblem | undefined): void {
    if (this.linkState === 'stopped') return;
    const problem = reason ?? connectionLostProblem(this.target.baseUrl);
    const deviceId = this.target.id;
    if (this.linkState !== 'away') {
      this.linkState = 'away';
      this.awaySinceMs = this.now();
      this.stateLine(
        `Device ${deviceId}: away since ${new Date(this.awaySinceMs).toISOString()}: ` +
          `${problem.message}; retrying with back-off up to every ` +
          `${formatDuration(this.reconnect.maxMs)}`,
      );
      this.notify('away', { deviceId, since: this.awaySinceMs, reason: problem });
    } else if (problem.message !== this.lastReason?.message) {
      this.stateLine(`Device ${deviceId}: still away: ${problem.message}`);
      this.notify('away', { deviceId, since: this.awaySinceMs, reason: problem });
    }
    this.lastReason = problem;
    this.scheduleRetry();
    if (KNOCKED_PROBLEMS.has(problem.code)) this.knock.start();
    else this.knock.stop();
  }

  private stateLine(line: string): void {
    if (this.stateLines) this.log(line);
  }

  private notify<E extends keyof SocketLinkEvents>(
    event: E,
    payload: SocketLinkEvents[E][0],
  ): void {
    this.emitSafely(event, payload);
  }

  // Listeners run inside the socket's event handling: a throw there must not break the link.
  protected emitSafely(event: string, payload: unknown): void {
    try {
      (this.emit as unknown as (event: string, payload: unknown) => boolean)(event, payload);
    } catch (error) {
      this.log(`Device ${this.target.id}: ${event} handler failed: ${(error as Error).message}`);
    }
  }

  private scheduleRetry(): void {
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.reconnect.maxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.linkState === 'away') this.open();
    }, delay);
  }
}
