import type { DevInfoStatus } from '@heliodtu/contract/dev-info';
import type { InverterState } from '../device/simulator.js';
import type { ConfigSection, ConfigStore } from '../store/config-store.js';
import type { MqttConnection } from './connection.js';
import { ChannelPublishTracker, inverterChannelMessages } from './channel-topics.js';
import {
  dtuMessages,
  hasWildcard,
  inverterStatusMessages,
  slotSerialValue,
  totalMessages,
  type DtuFigures,
  type InverterPublishState,
  type MqttMessage,
} from './publish-topics.js';

/** What the publisher needs of the simulated fleet (device/simulator.ts). */
export interface PublisherFleet {
  inverterSerials(): string[];
  inverterState(serial: string): InverterState | null;
  devInfo(serial: string): DevInfoStatus | null;
  on(event: 'update', listener: (serial: string) => void): unknown;
  off(event: 'update', listener: (serial: string) => void): unknown;
}

export type PublisherConnection = Pick<MqttConnection, 'isConnected' | 'publish' | 'on' | 'off'>;

export interface MqttPublisherOptions {
  connection: PublisherConnection;
  store: Pick<ConfigStore, 'config' | 'on' | 'off'>;
  fleet: PublisherFleet;
  /** The DTU's own figures at the moment of a run (integrations §2.1). */
  dtuFigures: () => DtuFigures;
  /** Device time, epoch ms: last_update is now − data age (integrations §2.3). */
  now: () => number;
  log: (line: string) => void;
}

/**
 * The periodic MQTT publish (integrations §1.3): DTU info, inverters and totals every
 * publish interval, at once after each (re)connect, nothing while disconnected. Channel
 * blocks go out only for inverters whose statistics changed (§2.4) — and once after each
 * connect, so a broker that lost its retained store gets the last values back.
 */
export class MqttPublisher {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Host time of the last run, and the interval the pending timer was set with. */
  private lastRunAt = 0;
  private scheduledSeconds = 0;
  private readonly channels = new ChannelPublishTracker();
  private readonly onUpdate = (serial: string) => this.channels.markChanged(serial);
  private readonly onConnect = () => this.publishNow(true);
  private readonly onSaved = (sections: ConfigSection[]) => {
    // A new interval counts from the last run, not from the save: 300 s → 5 s applies at once.
    if (sections.includes('mqtt') && this.interval() !== this.scheduledSeconds) this.schedule();
  };

  constructor(private readonly options: MqttPublisherOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastRunAt = Date.now();
    this.options.fleet.on('update', this.onUpdate);
    this.options.connection.on('connect', this.onConnect);
    this.options.store.on('saved', this.onSaved);
    if (this.options.connection.isConnected()) this.publishNow(true);
    else this.schedule();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.options.fleet.off('update', this.onUpdate);
    this.options.connection.off('connect', this.onConnect);
    this.options.store.off('saved', this.onSaved);
  }

  /** One publish run now (and the next one an interval later). */
  publishNow(afterConnect = false): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.lastRunAt = Date.now();
    try {
      const { topic } = this.options.store.config.mqtt;
      if (this.options.connection.isConnected() && !hasWildcard(topic)) {
        this.send(this.messages(afterConnect));
      }
    } catch (error) {
      // Runs come from timers and connect events: a throw there would take the gateway down.
      this.options.log(`MQTT: publish run failed: ${(error as Error).message}`);
    } finally {
      this.schedule();
    }
  }

  /** Everything one run publishes, in order: DTU, inverters (status + due channels), totals. */
  messages(afterConnect = false): MqttMessage[] {
    const { mqtt } = this.options.store.config;
    const states = this.inverterStates();
    const out = dtuMessages(mqtt, this.options.dtuFigures());
    for (const { state, hasData } of states) {
      out.push(...inverterStatusMessages(mqtt, state));
      const due = this.channels.take(state.live.serial);
      // Nothing before the first packet after boot (integrations §2.4).
      if (hasData && (due || afterConnect)) out.push(...inverterChannelMessages(mqtt, state));
    }
    out.push(
      ...totalMessages(
        mqtt,
        states.map((s) => s.state),
      ),
    );
    return out;
  }

  private inverterStates(): { state: InverterPublishState; hasData: boolean }[] {
    const { fleet, store } = this.options;
    const nowSeconds = Math.floor(this.options.now() / 1000);
    return fleet.inverterSerials().flatMap((serial) => {
      const info = fleet.inverterState(serial);
      const devInfo = fleet.devInfo(serial);
      if (!info || !devInfo) return [];
      const wanted = BigInt(`0x${serial}`);
      const slot = store.config.inverters.find((s) => slotSerialValue(s.serial) === wanted);
      const state: InverterPublishState = {
        live: info.live,
        pollEnable: slot?.poll_enable ?? true,
        devInfo,
        limitKnown: info.limitKnown,
        lastUpdate: info.hasData ? Math.max(0, nowSeconds - info.dataAge) : 0,
      };
      return [{ state, hasData: info.hasData }];
    });
  }

  private send(messages: MqttMessage[]): void {
    const { connection } = this.options;
    for (const m of messages) connection.publish(m.topic, m.payload, m);
  }

  private interval(): number {
    return Math.max(1, this.options.store.config.mqtt.publish_interval);
  }

  /** Next run one interval after the last; the interval is read anew each time (integrations §1.3). */
  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    this.scheduledSeconds = this.interval();
    const delay = this.lastRunAt + this.scheduledSeconds * 1000 - Date.now();
    this.timer = setTimeout(() => this.publishNow(), Math.max(0, delay));
    this.timer.unref();
  }
}
