import { EventEmitter } from 'node:events';
import { AWAY_AUTO_INTERVALS, AWAY_AUTO_MIN_SECONDS } from '@heliodtu/contract/limits';
import type { DeviceProblem } from './device-problem.js';
import type { DeviceTarget } from './device-target.js';
import type { LinkMessage } from './live-link.js';
import type { MqttBrokerPool } from './mqtt-broker-pool.js';
import { brokerConnectionProblem } from './mqtt-broker-problem.js';
import { MqttTopicTree } from './mqtt-topic-tree.js';
import type { LinkState, SocketLinkEvents } from './socket-link-types.js';

/** Silence shorter than this is never "away": a device publishes every 5 s by default. */
export const MQTT_SILENCE_MIN_MS = AWAY_AUTO_MIN_SECONDS * 1000;
/** The away time is this many publish intervals (the device's, as measured). */
const SILENCE_INTERVALS = AWAY_AUTO_INTERVALS;
/** One inverter's topics of a publish run arrive together; its frame goes once they did. */
const FRAME_SETTLE_MS = 200;
/**
 * A broker shutting down sends every client's last will, then drops the connections a few ms
 * later: a will followed this soon by the broker going away was the broker's doing, not the DTU's.
 */
export const WILL_SETTLE_MS = 1000;

export interface MqttDeviceLinkOptions {
  target: DeviceTarget;
  pool: MqttBrokerPool;
  log?: (line: string) => void;
  now?: () => number;
  /** The shortest silence that marks the device away (tests shorten it). */
  silenceMinMs?: number;
  /** The owner's away time (DTU_AWAY_S): replaces max(silenceMinMs, 3 × the interval). */
  awayMs?: number;
}

/**
 * A device known only by its topics, as a live link: it joins the shared broker connection
 * for `<prefix>#`, keeps the tree (MqttTopicTree) and sends one live frame per inverter after
 * each of its publish runs, in the /livedata socket's shape. It is away when the DTU's last
 * will says `offline`, when no message came for max(60 s, 3 × its publish interval), or when
 * the broker cannot be reached; the next message brings it back, without a restart.
 */
export class MqttDeviceLink extends EventEmitter<SocketLinkEvents & { message: [LinkMessage] }> {
  readonly tree: MqttTopicTree;
  private linkState: LinkState = 'idle';
  private awaySinceMs = 0;
  private connectedSinceMs = 0;
  private lastReason: DeviceProblem | undefined;
  private leave: (() => Promise<void>) | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  /** The DTU's last will, held for WILL_SETTLE_MS in case the broker is what is going away. */
  private willTimer: NodeJS.Timeout | undefined;
  private readonly frameTimers = new Map<string, NodeJS.Timeout>();
  /** Host ms of the last two `dtu/uptime` messages: the device's publish interval. */
  private lastRunAt: number | undefined;
  private intervalMs: number | undefined;
  private everHeard = false;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly silenceMinMs: number;
  private awayMs: number | undefined;
  /** Host ms of the device's last message, or of the broker's (re)connection since. */
  private silentSince = 0;

  constructor(private readonly options: MqttDeviceLinkOptions) {
    super();
    this.awayMs = options.awayMs;
    this.log = options.log ?? (() => undefined);
    this.now = options.now ?? Date.now;
    this.silenceMinMs = options.silenceMinMs ?? MQTT_SILENCE_MIN_MS;
    this.tree = new MqttTopicTree(this.now);
  }

  get state(): LinkState {
    return this.linkState;
  }

  get awaySince(): number | undefined {
    return this.linkState === 'away' ? this.awaySinceMs : undefined;
  }

  get connectedSince(): number | undefined {
    return this.linkState === 'connected' ? this.connectedSinceMs : undefined;
  }

  get problem(): DeviceProblem | undefined {
    return this.linkState === 'away' ? this.lastReason : undefined;
  }

  /** How long a silent device stays present: the owner's time, else max(60 s, 3 × its interval). */
  get silenceMs(): number {
    if (this.awayMs !== undefined) return this.awayMs;
    return Math.max(this.silenceMinMs, SILENCE_INTERVALS * (this.intervalMs ?? 0));
  }

  /**
   * A new away time from the owner (undefined: the computed one), in force at once: the
   * silence so far counts, so a device already silent for longer is away now.
   */
  setAwayMs(awayMs: number | undefined): void {
    this.awayMs = awayMs;
    // Away already (or not started): the next message arms the new time.
    if (this.linkState === 'connected' || this.linkState === 'connecting') {
      this.armSilence();
    }
  }

  start(): void {
    if (this.linkState !== 'idle') return;
    this.linkState = 'connecting';
    const mqtt = this.options.target.mqtt();
    if (!mqtt) throw new Error(`device ${this.options.target.id} is not an MQTT device`);
    this.leave = this.options.pool.join(mqtt, {
      message: (subtopic, payload) => this.onMessage(subtopic, payload),
      connected: () => this.silentFromNow(),
      down: (error, wasConnected) => {
        this.dropWill();
        this.goAway(brokerProblem(this.options.target, error, wasConnected));
      },
    });
    this.silentFromNow();
  }

  async stop(): Promise<void> {
    if (this.linkState === 'stopped') return;
    this.linkState = 'stopped';
    clearTimeout(this.silenceTimer);
    this.dropWill();
    for (const timer of this.frameTimers.values()) clearTimeout(timer);
    this.frameTimers.clear();
    await this.leave?.();
  }

  /**
   * Sends a command to the device's own command topic (`<serial>/cmd/<name>`, integrations §3),
   * never retained. Rejects when the broker connection is down: nothing was sent.
   */
  async command(serial: string, name: string, payload: string): Promise<void> {
    const mqtt = this.options.target.mqtt();
    if (!mqtt) throw new Error(`device ${this.options.target.id} is not an MQTT device`);
    await this.options.pool.publish(mqtt, `${serial}/cmd/${name}`, payload);
  }

  /** The clock the tree's times are on (host ms). */
  get clock(): () => number {
    return this.now;
  }

  private onMessage(subtopic: string, payload: string): void {
    if (this.linkState === 'stopped') return;
    const change = this.tree.accept(subtopic, payload);
    if (change.kind === 'dtu' && change.field === 'status') {
      if (payload === 'offline') this.holdWill();
      else {
        this.dropWill();
        this.heard();
      }
      return;
    }
    if (change.kind === 'dtu' && change.field === 'uptime') {
      const at = this.now();
      if (this.lastRunAt !== undefined) this.intervalMs = at - this.lastRunAt;
      this.lastRunAt = at;
    }
    this.heard();
    if (change.kind === 'inverter') this.frameSoon(change.serial);
  }

  /** Any message from the device: it is there. */
  private heard(): void {
    this.silentFromNow();
    if (this.linkState === 'connected') return;
    const wasAway = this.linkState === 'away';
    this.linkState = 'connected';
    this.connectedSinceMs = this.now();
    this.lastReason = undefined;
    const deviceId = this.options.target.id;
    this.emit('connected', { deviceId, url: this.options.target.baseUrl });
    if (wasAway) {
      const awayMs = this.connectedSinceMs - this.awaySinceMs;
      this.log(`Device ${deviceId}: back after ${Math.round(awayMs / 1000)} s, publishing again`);
      this.emit('back', { deviceId, since: this.awaySinceMs, awayMs });
    } else if (!this.everHeard) {
      this.log(`Device ${deviceId}: live data from the topics under ${this.where()}`);
    }
    this.everHeard = true;
  }

  private goAway(problem: DeviceProblem): void {
    if (this.linkState === 'stopped') return;
    const deviceId = this.options.target.id;
    if (this.linkState !== 'away') {
      this.linkState = 'away';
      this.awaySinceMs = this.now();
      this.log(
        `Device ${deviceId}: away since ${new Date(this.awaySinceMs).toISOString()}: ${problem.message}`,
      );
      this.emit('away', { deviceId, since: this.awaySinceMs, reason: problem });
    } else if (problem.message !== this.lastReason?.message) {
      this.log(`Device ${deviceId}: still away: ${problem.message}`);
      this.emit('away', { deviceId, since: this.awaySinceMs, reason: problem });
    }
    this.lastReason = problem;
  }

  /** Away by the DTU's last will once the broker stayed up for WILL_SETTLE_MS after it. */
  private holdWill(): void {
    if (this.willTimer) return;
    this.willTimer = setTimeout(() => {
      this.willTimer = undefined;
      this.goAway({
        code: 'connection-lost',
        message: `${this.where()}: the DTU's last will says offline`,
      });
    }, WILL_SETTLE_MS);
  }

  private dropWill(): void {
    clearTimeout(this.willTimer);
    this.willTimer = undefined;
  }

  private silentFromNow(): void {
    this.silentSince = this.now();
    this.armSilence();
  }

  /** Away once nothing came for the away time since `silentSince`. */
  private armSilence(): void {
    clearTimeout(this.silenceTimer);
    if (this.linkState === 'stopped') return;
    const silence = this.silenceMs;
    const left = Math.max(0, this.silentSince + silence - this.now());
    this.silenceTimer = setTimeout(() => {
      this.goAway({
        code: 'timeout',
        message: `${this.where()}: nothing published for ${Math.round(silence / 1000)} s`,
      });
    }, left);
  }

  private frameSoon(serial: string): void {
    if (this.frameTimers.has(serial)) return;
    this.frameTimers.set(
      serial,
      setTimeout(() => {
        this.frameTimers.delete(serial);
        const inverter = this.tree.inverter(serial);
        if (!inverter || this.linkState === 'stopped') return;
        const data = { inverters: [inverter], total: this.tree.total(), hints: this.tree.hints() };
        this.emit('message', {
          deviceId: this.options.target.id,
          text: JSON.stringify(data),
          data,
        });
      }, FRAME_SETTLE_MS),
    );
  }

  private where(): string {
    return this.options.target.baseUrl;
  }
}

/** Why the broker connection failed, in words an owner acts on (never the login). */
function brokerProblem(
  target: DeviceTarget,
  error: Error | undefined,
  connected: boolean,
): DeviceProblem {
  const where = target.mqtt()?.broker ?? target.baseUrl;
  return brokerConnectionProblem(error, {
    broker: where,
    hasPassword: target.hasPassword,
    loginAdvice: "check the device's DTU_USER and DTU_PASSWORD",
    connected,
    otherwise: {
      code: 'connection-lost',
      message: `the connection to the broker ${where} was lost`,
    },
  });
}
