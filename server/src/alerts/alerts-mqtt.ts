import type { Alert } from '@heliodtu/contract/alerts';
import type { MqttConnection } from '../mqtt/connection.js';
import { inverterDevice, type HassDtuIdentity } from '../mqtt/hass-payloads.js';
import { hassInverters } from '../mqtt/hass-publisher.js';
import { hasWildcard, topicSerial } from '../mqtt/publish-topics.js';
import type { ConfigStore } from '../store/config-store.js';

/**
 * Alerts over MQTT (issue 28): `<topic>alerts`, retained JSON of the open alerts, and per
 * inverter `<topic><serial>/alerts/problem` (1/0) with its attributes beside it; with Home
 * Assistant discovery on, a binary sensor "Problem" (device class problem) per inverter on
 * those topics. Everything retained, so a subscriber that comes later reads the state.
 */

export interface AlertsMqttOptions {
  connection: MqttConnection;
  store: ConfigStore;
  enabled: () => boolean;
  identity: () => HassDtuIdentity;
  openAlerts: () => Alert[];
  log: (line: string) => void;
}

export class AlertsMqtt {
  private readonly onConnect = () => this.publish();

  constructor(private readonly options: AlertsMqttOptions) {}

  start(): void {
    this.options.connection.on('connect', this.onConnect);
    this.publish();
  }

  stop(): void {
    this.options.connection.off('connect', this.onConnect);
  }

  /** Publishes the whole alert state (on connect and after every change). */
  publish(): void {
    const { connection, store, enabled } = this.options;
    const { mqtt } = store.config;
    if (!enabled() || !connection.isConnected() || hasWildcard(mqtt.topic)) return;
    const open = this.options.openAlerts();
    const send = (topic: string, payload: string) =>
      connection.publish(topic, payload, { retain: true, qos: 0 });
    send(`${mqtt.topic}alerts`, JSON.stringify({ count: open.length, alerts: open }));
    const inverters = hassInverters(store.config);
    const discover = mqtt.hass.enabled && !hasWildcard(mqtt.hass.topic);
    const identity = discover ? this.options.identity() : null;
    for (const inverter of inverters) {
      const serial = topicSerial(inverter.serial);
      const own = open.filter((a) => a.serial === inverter.serial);
      const state = `${mqtt.topic}${serial}/alerts/problem`;
      const attributes = `${mqtt.topic}${serial}/alerts/attributes`;
      if (identity) {
        const config = {
          dev: inverterDevice(identity, inverter),
          name: 'Problem',
          uniq_id: `${serial}_problem`,
          stat_t: state,
          json_attr_t: attributes,
          pl_on: '1',
          pl_off: '0',
          dev_cla: 'problem',
          ent_cat: 'diagnostic',
        };
        connection.publish(
          `${mqtt.hass.topic}binary_sensor/dtu_${serial}/problem/config`,
          JSON.stringify(config),
          { retain: mqtt.hass.retain, qos: 0 },
        );
      }
      send(
        attributes,
        JSON.stringify({
          alert: own[own.length - 1]?.text ?? '',
          alerts: own.map((a) => a.text),
          count: own.length,
        }),
      );
      send(state, own.length > 0 ? '1' : '0');
    }
  }
}
