import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseSimStart } from './device/clock.js';
import { DEMO_FLEET_VARIANT_MAX } from './device/demo-fleet.js';
import { readHistoryOptions, type HistoryOptions } from './history/history-options.js';
import { readAlertsOptions, type AlertsOptions } from './alerts/alerts-options.js';
import { DeviceTarget } from './device/relay/device-target.js';
import { parseAwaySeconds } from './device/relay/away-time.js';
import { deviceIdOfName, envSuffixOfName } from './device/relay/device-names.js';
import { DEVICE_NAME_MAX_BYTES } from '@heliodtu/contract/companion';
import type { ReconnectPolicy } from './reconnect-policy.js';
import type { DayType } from './device/weather.js';
import {
  FIRMWARE_RELEASES,
  generationOfRelease,
  type FirmwareGeneration,
} from '@heliodtu/contract/domain/firmware-generation';

/** Typed gateway options from flags (first) and environment variables. */
export interface GatewayOptions {
  port: number;
  host: string;
  dataDir: string;
  webDist: string;
  /** Seconds the listener stays away during a reboot. */
  rebootDelaySeconds: number;
  simFleet: 'demo' | 'none';
  simSeed: number;
  /**
   * SIM_FLEET_VARIANT: which demo fleet a fresh data dir gets, 0 (absent) the usual one; others
   * have their own serials and names (several simulated gateways behind one companion).
   */
  simFleetVariant?: number;
  simStart: string | undefined;
  simSpeed: number;
  simFaults: string[];
  /**
   * The firmware the simulated gateway speaks (SIM_FIRMWARE): the reference v24.11.7 or current
   * v26.3.30, with that release's whole wire. Absent means v24 (tests).
   */
  simFirmware?: FirmwareGeneration;
  /** SIM_WEATHER: every simulated day of this type; absent means drawn per day from the seed. */
  simWeather?: DayType;
  /**
   * SIM_METER: `house` puts the simulated house and its Shelly Pro 3EM beside the fleet
   * (power-control §2). Absent means none (tests); readOptions defaults it to `house` with the
   * demo fleet on a simulated gateway.
   */
  simMeter?: 'house' | 'none';
  /** MQTT reconnect back-off (tests shorten it); default 1 s doubling to 30 s. */
  mqttReconnect?: { initialMs: number; maxMs: number };
  /** /livedata sender timing (tests shorten it); default 1 s tick, each inverter at least every 10 s. */
  liveSocket?: { tickMs: number; maxIntervalMs: number };
  /** Energy history (issue 14); defaults when absent (tests). */
  history?: HistoryOptions;
  /** Alert timings (tests shorten them); defaults when absent (tests). */
  alerts?: AlertsOptions;
  /** In front of a real OpenDTU (issue 24, DTU_URL); absent for the simulated fleet. */
  companion?: CompanionOptions;
  /** The companion's live-socket back-off (tests shorten it); default 1 s doubling to 30 s. */
  companionReconnect?: ReconnectPolicy;
}

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

const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  'web-dist': { type: 'string' },
  'reboot-delay': { type: 'string' },
  'sim-fleet': { type: 'string' },
  'sim-seed': { type: 'string' },
  'sim-fleet-variant': { type: 'string' },
  'sim-start': { type: 'string' },
  'sim-speed': { type: 'string' },
  'sim-faults': { type: 'string' },
  'sim-firmware': { type: 'string' },
  'sim-weather': { type: 'string' },
  'sim-meter': { type: 'string' },
  'dtu-url': { type: 'string' },
  'dtu-user': { type: 'string' },
  'dtu-password': { type: 'string' },
} as const;

function toNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${text}"`);
  return value;
}

export function readOptions(
  argv: string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): GatewayOptions {
  const { values } = parseArgs({ args: argv, options: FLAGS, strict: true });
  const pick = (flag: keyof typeof FLAGS, envName: string) => values[flag] ?? env[envName];
  const port = toNumber('PORT', pick('port', 'PORT'), 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT out of range: ${port}`);
  const fleet = pick('sim-fleet', 'SIM_FLEET') ?? 'demo';
  if (fleet !== 'demo' && fleet !== 'none')
    throw new Error(`SIM_FLEET must be demo or none, got "${fleet}"`);
  const companionUrl = pick('dtu-url', 'DTU_URL');
  const speed = toNumber('SIM_SPEED', pick('sim-speed', 'SIM_SPEED'), 1);
  if (speed <= 0) throw new Error('SIM_SPEED must be greater than 0');
  const firmwareRelease = pick('sim-firmware', 'SIM_FIRMWARE') || FIRMWARE_RELEASES.v24;
  const simFirmware = generationOfRelease(firmwareRelease);
  if (!simFirmware) {
    const known = Object.values(FIRMWARE_RELEASES).join(' or ');
    throw new Error(`SIM_FIRMWARE must be ${known}, got "${firmwareRelease}"`);
  }
  const variant = toNumber('SIM_FLEET_VARIANT', pick('sim-fleet-variant', 'SIM_FLEET_VARIANT'), 0);
  if (!Number.isInteger(variant) || variant < 0 || variant > DEMO_FLEET_VARIANT_MAX) {
    throw new Error(`SIM_FLEET_VARIANT must be a whole number 0..${DEMO_FLEET_VARIANT_MAX}`);
  }
  const weather = pick('sim-weather', 'SIM_WEATHER') || undefined;
  if (weather !== undefined && !DAY_TYPES.includes(weather as DayType)) {
    throw new Error(`SIM_WEATHER must be ${DAY_TYPES.join(', ')} or empty, got "${weather}"`);
  }
  const meter = pick('sim-meter', 'SIM_METER') || undefined;
  if (meter !== undefined && meter !== 'house' && meter !== 'none') {
    throw new Error(`SIM_METER must be house or none, got "${meter}"`);
  }
  const simStart = pick('sim-start', 'SIM_START') || undefined;
  // Checked before the first boot writes config.json, so a typo does not cost the demo fleet.
  if (simStart !== undefined) parseSimStart(simStart, 'UTC0');
  return {
    port,
    host: pick('host', 'HOST') ?? '127.0.0.1',
    dataDir: path.resolve(pick('data-dir', 'DATA_DIR') ?? './data'),
    webDist: path.resolve(
      pick('web-dist', 'WEB_DIST') ?? path.join(import.meta.dirname, '../../web/dist'),
    ),
    rebootDelaySeconds: toNumber('REBOOT_DELAY', pick('reboot-delay', 'REBOOT_DELAY'), 3),
    simFleet: fleet,
    simSeed: toNumber('SIM_SEED', pick('sim-seed', 'SIM_SEED'), 1),
    ...(variant > 0 ? { simFleetVariant: variant } : {}),
    simStart,
    simSpeed: speed,
    simFaults: (pick('sim-faults', 'SIM_FAULTS') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    simFirmware,
    ...(weather ? { simWeather: weather as DayType } : {}),
    // A companion has no simulated fleet to put a house beside: never a house there.
    simMeter: companionUrl
      ? 'none'
      : ((meter as 'house' | 'none' | undefined) ?? (fleet === 'demo' ? 'house' : 'none')),
    history: readHistoryOptions(env),
    alerts: readAlertsOptions(env),
    ...readCompanion(
      companionUrl,
      {
        user: pick('dtu-user', 'DTU_USER'),
        password: pick('dtu-password', 'DTU_PASSWORD'),
        passwordFile: env['DTU_PASSWORD_FILE'],
      },
      env,
    ),
  };
}

interface GivenLogin {
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
function readCompanion(
  url: string | undefined,
  given: GivenLogin,
  env: NodeJS.ProcessEnv,
): { companion?: CompanionOptions } {
  const sharedAway = parseAwaySeconds('DTU_AWAY_S', env['DTU_AWAY_S']);
  if (!url) {
    if (given.password || given.passwordFile) {
      throw new Error('DTU_PASSWORD and DTU_PASSWORD_FILE need DTU_URL (the device address)');
    }
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
  return { companion: { ...first!, ...away, ...(single ? {} : { devices }) } };
}

/** A device known by its MQTT topics (device-target.ts parses the rest). */
const MQTT_ADDRESS = /^mqtts?:\/\//i;
const NO_LOGIN: GivenLogin = { user: undefined, password: undefined, passwordFile: undefined };

const DAY_TYPES: readonly DayType[] = ['clear', 'hazy', 'mixed', 'overcast'];

/** `Name=address`: a name holds no `:` or `/`, so an address's own `=` is not taken for one. */
const NAMED_ENTRY = /^([^=:/]+)=(.+)$/;
