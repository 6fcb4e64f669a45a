import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { LIVE_DATA_SOCKET_PATH } from '@heliodtu/contract/ws';
import { DEFAULT_RECONNECT, type ReconnectPolicy } from '../../reconnect-policy.js';
import {
  connectionLostProblem,
  problemFromError,
  problemFromStatus,
  timeoutProblem,
  type DeviceProblem,
} from './device-problem.js';
import type { DeviceTarget } from './device-target.js';

/** A handshake that takes longer has a device that is not really there. */
export const LINK_CONNECT_TIMEOUT_MS = 10_000;
/**
 * A Wi-Fi drop sends no FIN: the link pings this often and gives up on a device that has not
 * answered since the last ping. ESP32 web servers answer pings by themselves.
 */
export const LINK_PING_INTERVAL_MS = 10_000;

export interface LiveLinkOptions {
  target: DeviceTarget;
  /** One console line per change of state (never one per retry). */
  log?: (line: string) => void;
  reconnect?: ReconnectPolicy;
  connectTimeoutMs?: number;
  pingIntervalMs?: number;
}

export type LinkState = 'idle' | 'connecting' | 'connected' | 'away' | 'stopped';

export interface LinkConnected {
  deviceId: string;
  url: string;
}
export interface LinkMessage {
  deviceId: string;
  /** The frame as the device sent it: relayed unchanged later. */
  text: string;
  /** The same, parsed: always a JSON object (other frames are dropped and said once). */
  data: Record<string, unknown>;
}
export interface LinkAway {
  deviceId: string;
  /** Epoch ms of the first failure; the same on every `away` of one outage. */
  since: number;
  reason: DeviceProblem;
}
export interface LinkBack {
  deviceId: string;
  /** When it went away. */
  since: number;
  awayMs: number;
}

interface LiveLinkEvents {
  /** The socket is open (first time and after every outage). */
  connected: [LinkConnected];
  message: [LinkMessage];
  /** The link is down: once when it goes, again only when the reason changes. */
  away: [LinkAway];
  /** Open again after an `away`, right after its `connected`. */
  back: [LinkBack];
}

/**
 * The one /livedata socket to one OpenDTU device. It connects with the stored credentials,
 * reconnects with back-off (1 s doubling to 30 s, from 1 s again after a connection), and
 * turns everything that happens into typed events and a console line per change of state.
 * It never throws into its owner; stop() leaves no socket and no timer.
 */
export class LiveLink extends EventEmitter<LiveLinkEvents> {
  private socket: WebSocket | undefined;
  private linkState: LinkState = 'idle';
  private awaySinceMs = 0;
  private lastReason: DeviceProblem | undefined;
  private retryDelay: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private connectTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private everConnected = false;
  private readonly target: DeviceTarget;
  private readonly url: string;
  private readonly reconnect: ReconnectPolicy;
  private readonly connectTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly log: (line: string) => void;

  constructor(options: LiveLinkOptions) {
    super();
    this.target = options.target;
    this.url = this.target.socketUrl(LIVE_DATA_SOCKET_PATH);
    this.reconnect = options.reconnect ?? DEFAULT_RECONNECT;
    this.retryDelay = this.reconnect.initialMs;
    this.connectTimeoutMs = options.connectTimeoutMs ?? LINK_CONNECT_TIMEOUT_MS;
    this.pingIntervalMs = options.pingIntervalMs ?? LINK_PING_INTERVAL_MS;
    this.log = options.log ?? (() => undefined);
  }

  get state(): LinkState {
    return this.linkState;
  }

  /** Epoch ms the current outage began; undefined while connected or before the first try failed. */
  get awaySince(): number | undefined {
    return this.linkState === 'away' ? this.awaySinceMs : undefined;
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
    this.clearSocketTimers();
    const socket = this.socket;
    this.socket = undefined;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    else socket.terminate();
    const cut = setTimeout(() => socket.terminate(), 1000);
    await closed;
    clearTimeout(cut);
  }

  private open(): void {
    const headers: Record<string, string> = {};
    const authorization = this.target.authorization();
    if (authorization) headers['authorization'] = authorization;
    const socket = new WebSocket(this.url, { headers, followRedirects: false });
    this.socket = socket;
    // What we decided (timeout, refusal) outranks the socket error that our terminate() causes.
    let verdict: DeviceProblem | undefined;
    let error: DeviceProblem | undefined;
    let opened = false;
    const fail = (problem: DeviceProblem) => {
      verdict ??= problem;
      socket.terminate();
    };
    this.connectTimer = setTimeout(
      () => fail(timeoutProblem(this.target.baseUrl, this.connectTimeoutMs)),
      this.connectTimeoutMs,
    );
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      const { statusCode = 0, headers: answer } = response;
      fail(problemFromStatus(statusCode, this.target.baseUrl, !!authorization, answer.location));
    });
    socket.on('error', (cause) => {
      error ??= problemFromError(cause, this.target.baseUrl);
    });
    let alive = true;
    socket.on('open', () => {
      if (this.socket !== socket) return;
      opened = true;
      this.pingTimer = setInterval(() => {
        if (!alive) return fail(timeoutProblem(this.target.baseUrl, this.pingIntervalMs));
        alive = false;
        socket.ping();
      }, this.pingIntervalMs);
      this.onOpen();
    });
    socket.on('pong', () => (alive = true));
    let saidBadFrame = false;
    socket.on('message', (data, isBinary) => {
      alive = true;
      const message = isBinary ? undefined : parseObject(data.toString());
      if (message) {
        this.notify('message', { deviceId: this.target.id, ...message });
      } else if (!saidBadFrame) {
        saidBadFrame = true;
        this.log(`Device ${this.target.id}: ignoring a live frame that is not a JSON object`);
      }
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.clearSocketTimers();
      // A connection that was up counts as lost, whatever error came with its end.
      const lost = opened ? connectionLostProblem(this.target.baseUrl) : error;
      this.onDown(verdict ?? lost);
    });
  }

  private onOpen(): void {
    clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    const wasAway = this.linkState === 'away';
    this.linkState = 'connected';
    this.retryDelay = this.reconnect.initialMs;
    this.lastReason = undefined;
    const deviceId = this.target.id;
    this.notify('connected', { deviceId, url: this.url });
    if (wasAway) {
      const awayMs = Date.now() - this.awaySinceMs;
      this.log(`Device ${deviceId}: back after ${formatDuration(awayMs)}, live data again`);
      this.notify('back', { deviceId, since: this.awaySinceMs, awayMs });
    } else if (!this.everConnected) {
      this.log(`Device ${deviceId}: live data from ${this.url}`);
    }
    this.everConnected = true;
  }

  private onDown(reason: DeviceProblem | undefined): void {
    if (this.linkState === 'stopped') return;
    const problem = reason ?? connectionLostProblem(this.target.baseUrl);
    const deviceId = this.target.id;
    if (this.linkState !== 'away') {
      this.linkState = 'away';
      this.awaySinceMs = Date.now();
      this.log(
        `Device ${deviceId}: away since ${new Date(this.awaySinceMs).toISOString()}: ` +
          `${problem.message}; retrying with back-off up to every ` +
          `${formatDuration(this.reconnect.maxMs)}`,
      );
      this.notify('away', { deviceId, since: this.awaySinceMs, reason: problem });
    } else if (problem.message !== this.lastReason?.message) {
      this.log(`Device ${deviceId}: still away: ${problem.message}`);
      this.notify('away', { deviceId, since: this.awaySinceMs, reason: problem });
    }
    this.lastReason = problem;
    this.scheduleRetry();
  }

  // Listeners run inside the socket's event handling: a throw there must not break the link.
  private notify<E extends keyof LiveLinkEvents>(event: E, payload: LiveLinkEvents[E][0]): void {
    try {
      (this.emit as (event: E, payload: LiveLinkEvents[E][0]) => boolean)(event, payload);
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

  private clearSocketTimers(): void {
    clearTimeout(this.connectTimer);
    clearInterval(this.pingTimer);
    this.connectTimer = undefined;
    this.pingTimer = undefined;
  }
}

function parseObject(text: string): { text: string; data: Record<string, unknown> } | undefined {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
      return { text, data: data as Record<string, unknown> };
    }
  } catch {
    // not JSON: said once by the caller
  }
  return undefined;
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}
