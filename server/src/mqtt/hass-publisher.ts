import type { ConfigFile } from '@heliodtu/contract/config-file';
import { inverterModelOf } from '@heliodtu/contract/domain/inverter-model';
import { formatSerialHex } from '@heliodtu/contract/wire';
import type { ConfigSection, ConfigStore } from '../store/config-store.js';
import type { MqttConnection } from './connection.js';
import { discoveryMessages, removalMessages } from './hass-discovery.js';
import type { HassDtuIdentity, HassInverter } from './hass-payloads.js';
import { hasWildcard, slotSerialValue, type MqttMessage } from './publish-topics.js';

export interface HassPublisherOptions {
  connection: Pick<MqttConnection, 'isConnected' | 'publish' | 'on' | 'off'>;
  store: Pick<ConfigStore, 'config' | 'on' | 'off'>;
  /** Hostname, chip id, IP and firmware at the moment of publishing. */
  identity: () => HassDtuIdentity;
  log: (line: string) => void;
}

/**
 * The inverters discovery announces: configured slots whose serial names a known model, in
 * slot order, each serial once (unknown models never enter the radio library, integrations §5.5).
 */
export function hassInverters(config: Readonly<ConfigFile>): HassInverter[] {
  const seen = new Set<string>();
  return config.inverters.flatMap((slot) => {
    const value = slotSerialValue(slot.serial);
    if (value === undefined) return [];
    const serial = formatSerialHex(value);
    const model = inverterModelOf(serial);
    if (!model || seen.has(serial)) return [];
    seen.add(serial);
    return [
      {
        serial,
        name: slot.name,
        model: model.type,
        channels: model.channels,
        reachableThreshold: slot.reachable_threshold,
      },
    ];
  });
}

/**
 * Home Assistant discovery at runtime (integrations §5.1): the full set after every connect
 * and after saving MQTT or inverter settings; empty retained configs for inverters that left
 * the configuration, kept pending while disconnected.
 */
export class HassPublisher {
  private known = new Map<string, number>();
  private readonly pendingRemovals = new Map<string, number>();
  private readonly onConnect = () => this.publish();
  private readonly onSaved = (sections: ConfigSection[]) => {
    if (sections.includes('inverters')) this.noteRemovals();
    if (sections.includes('mqtt') || sections.includes('inverters')) this.publish();
  };

  constructor(private readonly options: HassPublisherOptions) {}

  start(): void {
    this.known = this.currentChannels();
    this.options.connection.on('connect', this.onConnect);
    this.options.store.on('saved', this.onSaved);
    if (this.options.connection.isConnected()) this.publish();
  }

  stop(): void {
    this.options.connection.off('connect', this.onConnect);
    this.options.store.off('saved', this.onSaved);
  }

  /** Removals first, then the whole set in one burst; nothing while disconnected or disabled. */
  publish(): void {
    // Called from connect and save events: a failure is a console line, never a throw into them.
    try {
      this.publishAll();
    } catch (error) {
      this.options.log(`MQTT: Home Assistant discovery failed: ${(error as Error).message}`);
    }
  }

  private publishAll(): void {
    const { connection, store } = this.options;
    const { mqtt } = store.config;
    if (!mqtt.hass.enabled || !connection.isConnected()) return;
    if (hasWildcard(mqtt.hass.topic) || hasWildcard(mqtt.topic)) {
      this.options.log('MQTT: Home Assistant discovery skipped: a topic holds a wildcard');
      return;
    }
    const removals = [...this.pendingRemovals].flatMap(([serial, channels]) =>
      removalMessages(mqtt, { serial, channels }),
    );
    this.pendingRemovals.clear();
    const settings = { mqtt, pollInterval: store.config.dtu.poll_interval };
    const inverters = hassInverters(store.config);
    this.send([...removals, ...discoveryMessages(settings, this.options.identity(), inverters)]);
  }

  private currentChannels(): Map<string, number> {
    return new Map(hassInverters(this.options.store.config).map((i) => [i.serial, i.channels]));
  }

  /** Inverters gone from the config since the last save owe an empty config per entity. */
  private noteRemovals(): void {
    const current = this.currentChannels();
    for (const [serial, channels] of this.known) {
      if (!current.has(serial)) this.pendingRemovals.set(serial, channels);
    }
    for (const serial of current.keys()) this.pendingRemovals.delete(serial);
    this.known = current;
  }

  private send(messages: MqttMessage[]): void {
    for (const m of messages) this.options.connection.publish(m.topic, m.payload, m);
  }
}
