import { ExportControlSetSchema } from '@heliodtu/contract/export-control';
import { EXPORT_CONTROL_TARGET_W } from '@heliodtu/contract/limits';
import type { ExportControlPort } from '../export-control/export-control-port.js';
import type { GridMeterPort } from '../grid-meter/grid-meter-port.js';
import type { ConfigSection, ConfigStore } from '../store/config-store.js';
import type { MqttConnection } from './connection.js';
import { houseDiscoveryMessages, type HassHouseParts } from './hass-house.js';
import type { HassDtuIdentity } from './hass-payloads.js';
import {
  HOUSE_TOPICS,
  exportControlMessages,
  gridMeterMessages,
  parseEnabled,
  parseTarget,
} from './house-topics.js';
import { hasWildcard, type MqttMessage } from './publish-topics.js';

/** The one event of a port this listens to. */
interface Listened<E extends string> {
  on(event: E, listener: () => void): unknown;
  off(event: E, listener: () => void): unknown;
}

export interface HouseMqttOptions {
  connection: Pick<MqttConnection, 'isConnected' | 'publish' | 'subscribe' | 'on' | 'off'>;
  /** Topic prefix, retain, publish interval and Home Assistant settings (the gateway's MQTT). */
  store: Pick<ConfigStore, 'config' | 'on' | 'off'>;
  meter: (Pick<GridMeterPort, 'configured' | 'status' | 'energy'> & Listened<'state'>) | null;
  control: (Pick<ExportControlPort, 'status' | 'set'> & Listened<'changed'>) | null;
  /** For the Home Assistant device block. */
  identity: () => HassDtuIdentity;
  log: (line: string) => void;
}

/**
 * The house on MQTT (issue 35): the grid meter's and export control's topics every publish
 * interval (and at once after a connect, a change of control or of the meter's state), the
 * `…/set` topics switching control from outside, and their Home Assistant discovery.
 * Never throws into the connection's events: problems are console lines.
 */
export class HouseMqtt {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void)[] = [];
  private announced: HassHouseParts = { meter: false, control: false };
  private readonly onConnect = () => {
    this.announced = { meter: false, control: false };
    this.publishNow();
  };
  private readonly onChanged = () => this.publishNow(false);
  private readonly onSaved = (sections: ConfigSection[]) => {
    if (!sections.includes('mqtt')) return;
    this.subscribeSet();
    this.publishNow();
  };
  /** The prefix the `…/set` topics are subscribed under. */
  private setPrefix: string | null = null;

  constructor(private readonly options: HouseMqttOptions) {}

  start(): void {
    const { connection, control, meter, store } = this.options;
    this.subscribeSet();
    control?.on('changed', this.onChanged);
    meter?.on('state', this.onChanged);
    connection.on('connect', this.onConnect);
    store.on('saved', this.onSaved);
    if (connection.isConnected()) this.publishNow();
    else this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const off of this.unsubscribe.splice(0)) off();
    this.setPrefix = null;
    this.options.control?.off('changed', this.onChanged);
    this.options.meter?.off('state', this.onChanged);
    this.options.connection.off('connect', this.onConnect);
    this.options.store.off('saved', this.onSaved);
  }

  /** Everything one run publishes: discovery when it changed, then the values. */
  messages(withDiscovery: boolean): MqttMessage[] {
    const { meter, control, store } = this.options;
    const { mqtt } = store.config;
    const parts = { meter: meter?.configured() ?? false, control: control !== null };
    const out: MqttMessage[] = [];
    const changed =
      parts.meter !== this.announced.meter || parts.control !== this.announced.control;
    if (mqtt.hass.enabled && !hasWildcard(mqtt.hass.topic) && (withDiscovery || changed)) {
      const all = houseDiscoveryMessages(mqtt, this.options.identity(), parts);
      // A part never announced is not removed over and over: only one that went away.
      const removed = (m: MqttMessage) => m.payload === '';
      const wasAnnounced = (m: MqttMessage) =>
        m.topic.includes('/export_control') ? this.announced.control : this.announced.meter;
      out.push(...all.filter((m) => !removed(m) || wasAnnounced(m)));
      this.announced = parts;
    }
    if (meter && parts.meter) out.push(...gridMeterMessages(mqtt, meter.status(), meter.energy()));
    if (control) out.push(...exportControlMessages(mqtt, control.status()));
    return out;
  }

  /** One run now; `reschedule` false for an event between two runs. */
  publishNow(reschedule = true): void {
    if (reschedule) clearTimeout(this.timer);
    try {
      const { connection, store } = this.options;
      if (connection.isConnected() && !hasWildcard(store.config.mqtt.topic)) {
        for (const m of this.messages(reschedule)) connection.publish(m.topic, m.payload, m);
      }
    } catch (error) {
      this.options.log(`MQTT: house publish failed: ${(error as Error).message}`);
    } finally {
      if (reschedule) this.schedule();
    }
  }

  /** The `…/set` topics under the current prefix (again after the prefix changed). */
  private subscribeSet(): void {
    const { connection, control, store } = this.options;
    const prefix = store.config.mqtt.topic;
    if (!control || prefix === this.setPrefix) return;
    for (const off of this.unsubscribe.splice(0)) off();
    this.setPrefix = prefix;
    if (hasWildcard(prefix)) return;
    this.unsubscribe.push(
      connection.subscribe(`${prefix}${HOUSE_TOPICS.controlEnabledSet}`, (_t, payload, retained) =>
        this.onSet('enabled', payload.toString(), retained),
      ),
      connection.subscribe(`${prefix}${HOUSE_TOPICS.controlTargetSet}`, (_t, payload, retained) =>
        this.onSet('target', payload.toString(), retained),
      ),
    );
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const seconds = Math.max(1, this.options.store.config.mqtt.publish_interval);
    this.timer = setTimeout(() => this.publishNow(), seconds * 1000);
    this.timer.unref();
  }

  private onSet(what: 'enabled' | 'target', payload: string, retained: boolean): void {
    const control = this.options.control;
    if (!control) return;
    const topic =
      what === 'enabled' ? HOUSE_TOPICS.controlEnabledSet : HOUSE_TOPICS.controlTargetSet;
    // A retained command would switch control again on every reconnect: only live ones count.
    if (retained) {
      this.options.log(`MQTT: ${topic}: retained message ignored`);
      return;
    }
    const value = what === 'enabled' ? parseEnabled(payload) : parseTarget(payload);
    if (value === null) {
      this.options.log(
        `MQTT: ${topic}: payload "${payload.slice(0, 32)}" ignored (not ${what === 'enabled' ? '1/0, on/off or true/false' : 'a number of W'})`,
      );
      return;
    }
    const parsed = ExportControlSetSchema.safeParse(
      what === 'enabled' ? { enabled: value } : { target_w: value },
    );
    if (!parsed.success) {
      const { min, max } = EXPORT_CONTROL_TARGET_W;
      this.options.log(
        `MQTT: ${topic}: ${payload.slice(0, 32)} W ignored (from ${min} to ${max} W)`,
      );
      return;
    }
    control.set(parsed.data).then(
      () => this.publishNow(false),
      (error: unknown) =>
        this.options.log(
          `MQTT: ${topic}: "${payload.slice(0, 32)}" refused: ${(error as Error).message}`,
        ),
    );
  }
}
