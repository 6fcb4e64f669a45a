import { DEVICE_NAME_MAX_BYTES } from '@heliodtu/contract/companion';
import { parseAwaySeconds } from './device/relay/away-time.js';
import { deviceIdOfName, envSuffixOfName } from './device/relay/device-names.js';
import { DeviceTarget } from './device/relay/device-target.js';

/**
 * The companion's options from DTU_URL and the variables beside it (DTU_USER, DTU_PASSWORD,
 * DTU_PASSWORD_FILE, DTU_AWAY_S, their per-device forms, DTU_MQTT_CA_FILE); env.ts reads them
 * with every other option.
 */

/** One device of DTU_URL. */
export interface CompanionDeviceOptions {
  /** The device, its password hidden from every print; without one when it is in a file. */
  target: DeviceTarget;
  /** DTU_PASSWORD_FILE: read at each boot, so a rotated systemd credential is picked up. */
  passwordFile?: string;
  /** The owner's name for it (`Roof=` in DTU_URL); the id when none was given. */
  name?: string;
  /** An MQTT device's own away time in s (DTU_AWAY_S_<NAME>); absent: sharedAwaySeconds applies. */
  awaySeconds?: number;
}

/** The companion's devices from DTU_URL: the first one's fields, and every one in `devices`. */
export interface CompanionOptions extends CompanionDeviceOptions {
  /** All DTU_URL devices in their order, the first included; absent means the first only. */
  devices?: CompanionDeviceOptions[];
  /** DTU_AWAY_S: every MQTT device's away time in s unless it has its own (Devices screen's too). */
  sharedAwaySeconds?: number;
  /** DTU_MQTT_CA_FILE: the owner's CA certificates (PEM) for mqtts:// brokers, read at boot. */
  mqttCaFile?: string;
}

/** Every DTU_URL device, in order, each with a name. */
export function envDevices(
  options: CompanionOptions,
): (CompanionDeviceOptions & { name: string })[] {
  return (options.devices ?? [options]).map((device) => ({
    ...device,
    name: device.name ?? device.target.id,
  }));
}

/** The id of a single unnamed DTU_URL (history, caches, sockets are keyed by it). */
export const COMPANION_DEVICE_ID = 'dtu';

export interface GivenLogin {
  user: string | undefined;
  password: string | undefined;
  passwordFile: string | undefined;
}

/**
 * DTU_URL and its credentials; nothing without DTU_URL. DTU_URL is one address or a comma list
 * of them, each optionally named (`Roof=http://192.168.1.50`); a device's own DTU_USER_<NAME>,
 * DTU_PASSWORD_<NAME> or DTU_PASSWORD_FILE_<NAME> (NAME upper-cased, other characters `_`) win
 * over the shared ones, as DTU_AWAY_S_<NAME> over DTU_AWAY_S (an MQTT device's away time). An
 * MQTT device (`mqtt://broker:1883/solar/`) takes only its own login when DTU_URL names several
 * devices. Errors never repeat a password.
 */
export function readCompanion(
  url: string | undefined,
  given: GivenLogin,
  env: NodeJS.ProcessEnv,
): { companion?: CompanionOptions } {
  const sharedAway = parseAwaySeconds('DTU_AWAY_S', env['DTU_AWAY_S']);
  const mqttCaFile = env['DTU_MQTT_CA_FILE']?.trim() || undefined;
  if (!url) {
    if (given.password || given.passwordFile) {
      throw new Error('DTU_PASSWORD and DTU_PASSWORD_FILE need DTU_URL (the device address)');
    }
    if (mqttCaFile) throw new Error('DTU_MQTT_CA_FILE needs DTU_URL (an mqtts:// device)');
    return {};
  }
  const entries = url
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('DTU_URL names no device address');
  const single = entries.length === 1;
  const devices = entries.map((entry, index) => {
    const named = NAMED_ENTRY.exec(entry);
    const name = named ? named[1]!.trim() : single ? COMPANION_DEVICE_ID : `DTU ${index + 1}`;
    const address = named ? named[2]!.trim() : entry;
    const id = named ? deviceIdOfName(name) : single ? COMPANION_DEVICE_ID : `dtu-${index + 1}`;
    if (id === null) {
      throw new Error(
        `DTU_URL: device name "${name}" needs a letter or digit and at most ${DEVICE_NAME_MAX_BYTES} bytes`,
      );
    }
    const suffix = envSuffixOfName(name);
    // A single unnamed device has no name of its own to suffix: only the shared login.
    const own = (base: string) =>
      (named || !single ? env[`${base}_${suffix}`] : undefined) || undefined;
    // The shared login is the HTTP devices' admin password: a broker (another party, maybe
    // another site's) gets it only when it is the one device DTU_URL names.
    const shared = single || !MQTT_ADDRESS.test(address) ? given : NO_LOGIN;
    const login = {
      user: own('DTU_USER') ?? shared.user,
      password: own('DTU_PASSWORD'),
      passwordFile: own('DTU_PASSWORD_FILE'),
    };
    // The device's own password or file replaces both shared ones.
    const ownSecret = login.password !== undefined || login.passwordFile !== undefined;
    const password = ownSecret ? login.password : shared.password;
    const passwordFile = ownSecret ? login.passwordFile : shared.passwordFile || undefined;
    const where = named || !single ? ` (device ${name})` : '';
    if (password && passwordFile) {
      throw new Error(`set DTU_PASSWORD or DTU_PASSWORD_FILE, not both${where}`);
    }
    const ownAway = parseAwaySeconds(`DTU_AWAY_S_${suffix}`, own('DTU_AWAY_S'));
    if (ownAway !== undefined && !MQTT_ADDRESS.test(address)) {
      throw new Error(`DTU_AWAY_S_${suffix}: device ${name} is reached over HTTP, not a broker`);
    }
    let target: DeviceTarget;
    try {
      target = new DeviceTarget({
        id,
        url: address,
        ...(login.user ? { user: login.user } : {}),
        ...(password ? { password } : {}),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}${where}`);
    }
    const away = ownAway === undefined ? {} : { awaySeconds: ownAway };
    return { target, name, ...away, ...(passwordFile ? { passwordFile } : {}) };
  });
  const ids = new Set<string>();
  for (const device of devices) {
    if (ids.has(device.target.id)) {
      throw new Error(
        `DTU_URL: two devices named like "${device.name}" (id ${device.target.id}); give each its own name`,
      );
    }
    ids.add(device.target.id);
  }
  const [first] = devices;
  const away = sharedAway === undefined ? {} : { sharedAwaySeconds: sharedAway };
  const trust = mqttCaFile ? { mqttCaFile } : {};
  return { companion: { ...first!, ...away, ...trust, ...(single ? {} : { devices }) } };
}

/** A device known by its MQTT topics (device-target.ts parses the rest). */
const MQTT_ADDRESS = /^mqtts?:\/\//i;
const NO_LOGIN: GivenLogin = { user: undefined, password: undefined, passwordFile: undefined };

/** `Name=address`: a name holds no `:` or `/`, so an address's own `=` is not taken for one. */
const NAMED_ENTRY = /^([^=:/]+)=(.+)$/;
