import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseSimStart } from './device/clock.js';
import { DEMO_FLEET_VARIANT_MAX } from './device/demo-fleet.js';
import { readHistoryOptions, type HistoryOptions } from './history/history-options.js';
import { readAlertsOptions, type AlertsOptions } from './alerts/alerts-options.js';
import { readCompanion, type CompanionOptions } from './companion-env.js';
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

const DAY_TYPES: readonly DayType[] = ['clear', 'hazy', 'mixed', 'overcast'];
