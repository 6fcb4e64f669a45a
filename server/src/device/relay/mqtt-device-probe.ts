import type { DeviceTarget } from './device-target.js';
import type { MqttDeviceLink } from './mqtt-device-link.js';
import type { ProbeResult } from './probe.js';

/**
 * What an MQTT device's topics say it is, once it published: its host name, in the place of
 * an HTTP device's probe. Its firmware is not published; until a message came, nothing is said
 * (null: the link says why it is away).
 */
export function mqttDeviceFound(mqtt: MqttDeviceLink, target: DeviceTarget): ProbeResult | null {
  if (mqtt.state !== 'connected') return null;
  const hostname = mqtt.tree.dtuField('hostname') ?? '';
  const where = target.baseUrl;
  return {
    ok: true,
    deviceId: target.id,
    url: where,
    hostname,
    gitHash: '',
    version: null,
    pioenv: '',
    generation: 'v24',
    message: `an OpenDTU${hostname ? ` "${hostname}"` : ''} by its topics at ${where}`,
  };
}
