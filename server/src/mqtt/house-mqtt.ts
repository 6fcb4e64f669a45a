import { ExportControlSetSchema } from '@heliodtu/contract/export-control';
import { EXPORT_CONTROL_TARGET_W } from '@heliodtu/contract/limits';
import type { ExportControlPort } from '../export-control/export-control-port.js';
import type { GridMeterPort } from '../grid-meter/grid-meter-port.js';
import type { ConfigSection, ConfigStore } from '../store/config-store.js';
import type { MqttLink } from './connection.js';
import type { MqttFileConfig } from './connection-settings.js';
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

/** Topic prefix, retain, publish interval, will and Home Assistant settings of a connection. */
export interface HouseTopicSettings {
  mqtt(): MqttFileConfig;
  /** Calls `onChange` after they may have changed; answers the function that stops it. */
  follow(onChange: () => void): () => void;
}

/** The gateway's own MQTT settings (config.json), followed across saves. */
export function storeTopicSettings(
  store: Pick<ConfigStore, 'config' | 'on' | 'off'>,
): HouseTopicSettings {
  return {
    mqtt: () => store.config.mqtt,
    follow(onChange) {
      const onSaved = (sections: ConfigSection[]) => {
        if (sections.includes('mqtt')) onChange();
      };
      store.on('saved', onSaved);
      return () => store.off('saved', onSaved);
    },
  };
}

/** Settings that never change (HelioDTU's own broker, own-broker.ts). */
export const fixedTopicSettings = (mqtt: MqttFileConfig): HouseTopicSettings => ({
  mqtt: () => mqtt,
  follow: () => () => undefined,
});

export interface HouseMqttOptions {
  connection: Pick<MqttLink, 'isConnected' | 'publish' | 'subscribe' | 'on' | 'off'>;
  settings: HouseTopicSettings;
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
  private stopFollowing: (() => void) | undefined;
  /** The prefix the `…/set` topics are subscribed under. */
  private setPrefix: string | null = null;

  constructor(private readonly options: HouseMqttOptions) {}

  start(): void {
    const { connection, control, meter, settings } = this.options;
    this.subscribeSet();
    control?.on('changed', this.onChanged);
    meter?.on('state', this.onChanged);
    connection.on('connect', this.onConnect);
    this.stopFollowing = settings.follow(() => {
      this.subscribeSet();
      this.publishNow();
    });
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
    this.stopFollowing?.();
  }

  /** Everything one run publishes: discovery when it changed, then the values. */
  messages(withDiscovery: boolean): MqttMessage[] {
    const { meter, control } = this.options;
    const mqtt = this.options.settings.mqtt();
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
      const { connection, settings } = this.options;
      if (connection.isConnected() && !hasWildcard(settings.mqtt().topic)) {
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
    const { connection, control, settings } = this.options;
    const prefix = settings.mqtt().topic;
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
    const seconds = Math.max(1, this.options.settings.mqtt().publish_interval);
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
