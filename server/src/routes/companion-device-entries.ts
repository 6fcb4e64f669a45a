import type { DeviceEntry } from '@heliodtu/contract/companion';
import { AWAY_SECONDS_RANGE } from '@heliodtu/contract/limits';
import type { RegisteredDevice } from '../device/relay/device-registry.js';
import type { StoredDevice } from '../store/devices-file.js';

/**
 * One device of the Devices screen's list: how it is reached (an `mqtt(s)://` address names
 * the broker and base topic, never its login), and a device on a broker's own away time, the
 * Devices screen's (`stored`) or its DTU_AWAY_S_<NAME> (`envAwaySeconds`).
 */
export function deviceEntryOf(
  device: RegisteredDevice,
  stored: StoredDevice | undefined,
  envAwaySeconds: number | undefined,
): DeviceEntry {
  const { target } = device.companion;
  const mqtt = target.kind === 'mqtt';
  const own = device.origin === 'env' ? envAwaySeconds : stored?.away_s;
  return {
    id: device.id,
    name: device.name,
    url: target.baseUrl,
    user: target.user,
    has_password: target.hasPassword,
    origin: device.origin,
    source: mqtt ? 'mqtt' : 'http',
    ...(mqtt ? { away_s: own ?? null } : {}),
  };
}

/**
 * Why an away time from the Devices screen cannot be kept, in plain English; null when it can
 * (a whole number of seconds in AWAY_SECONDS_RANGE for a device on a broker, or none).
 */
export function awaySecondsProblem(
  awaySeconds: number | null | undefined,
  onBroker: boolean,
): string | null {
  if (awaySeconds === null || awaySeconds === undefined) return null;
  if (!onBroker) {
    return 'An away time is only for a device on an MQTT broker: an HTTP device is away when it stops answering';
  }
  const { min, max } = AWAY_SECONDS_RANGE;
  if (!Number.isInteger(awaySeconds) || awaySeconds < min || awaySeconds > max) {
    return `The away time must be a whole number of seconds from ${min} to ${max}, got ${awaySeconds}`;
  }
  return null;
}
