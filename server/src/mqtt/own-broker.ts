import { defaultConfigFile } from '@heliodtu/contract/config-file';
import { defaultMqttClientId } from '@heliodtu/contract/mqtt';
import type { ConnectionSettingsSource } from './connection.js';
import type { ConnectionSettings, MqttFileConfig } from './connection-settings.js';

/**
 * HelioDTU's own broker connection (power-control §1, §4), set in the Power control settings
 * (`broker`: URL and login). A companion's devices keep their MQTT settings to themselves, so the
 * grid meter's topics, the house's topics, the `…/set` topics and their Home Assistant discovery
 * go through this connection there; it never touches a device's own MQTT settings.
 */

export interface OwnBroker {
  /** mqtt://host[:port] or mqtts://host[:port]; '' = none. */
  url: string;
  username: string;
  password: string;
}

/**
 * The topic layout on the own broker: a base topic of its own (a device behind the companion
 * publishes under `solar/` by default), retained values every 5 s, the will under
 * `heliodtu/status`, and Home Assistant discovery under its standard prefix.
 */
export const OWN_BROKER_TOPICS: MqttFileConfig = (() => {
  const mqtt = defaultConfigFile().mqtt;
  return {
    ...mqtt,
    topic: 'heliodtu/',
    retain: true,
    publish_interval: 5,
    lwt: { ...mqtt.lwt, topic: 'status', qos: 1 },
    hass: { ...mqtt.hass, enabled: true, retain: true, topic: 'homeassistant/' },
  };
})();

const DEFAULT_PORTS = { 'mqtt:': 1883, 'mqtts:': 8883 } as const;

/** The connection settings of `broker`, or undefined while no (usable) URL is set. */
export function ownBrokerSettings(
  broker: OwnBroker,
  chipId: number,
): ConnectionSettings | undefined {
  if (broker.url === '') return undefined;
  let url: URL;
  try {
    url = new URL(broker.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') return undefined;
  const topics = OWN_BROKER_TOPICS;
  return {
    // URL keeps the brackets of an IPv6 host; the socket wants the bare address.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port),
    // Never the gateway's own client id: both may meet on one broker.
    clientId: `${defaultMqttClientId(chipId)}-heliodtu`,
    username: broker.username,
    password: broker.password,
    clean: true,
    retain: topics.retain,
    will: {
      topic: `${topics.topic}${topics.lwt.topic}`,
      online: topics.lwt.value_online,
      offline: topics.lwt.value_offline,
      qos: 1,
    },
    // mqtts:// trusts the system's CAs, as any other client of a public broker would.
    tls:
      url.protocol === 'mqtts:'
        ? { ca: undefined, cert: '', key: '', certLogin: false }
        : undefined,
  };
}

/** The own broker's settings as a connection follows them. */
export function ownBrokerSource(
  broker: () => OwnBroker,
  follow: (onChange: () => void) => () => void,
  chipId: number,
): ConnectionSettingsSource {
  return { current: () => ownBrokerSettings(broker(), chipId), follow };
}
