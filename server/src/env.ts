import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseSimStart } from './device/clock.js';
import { readHistoryOptions, type HistoryOptions } from './history/history-options.js';
import { DeviceTarget } from './device/relay/device-target.js';
import type { ReconnectPolicy } from './reconnect-policy.js';
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
  simStart: string | undefined;
  simSpeed: number;
  simFaults: string[];
  /**
   * The firmware the simulated gateway speaks (SIM_FIRMWARE): the reference v24.11.7 or current
   * v26.3.30, with that release's whole wire. Absent means v24 (tests).
   */
  simFirmware?: FirmwareGeneration;
  /** MQTT reconnect back-off (tests shorten it); default 1 s doubling to 30 s. */
  mqttReconnect?: { initialMs: number; maxMs: number };
  /** /livedata sender timing (tests shorten it); default 1 s tick, each inverter at least every 10 s. */
  liveSocket?: { tickMs: number; maxIntervalMs: number };
  /** Energy history (issue 14); defaults when absent (tests). */
  history?: HistoryOptions;
  /** In front of a real OpenDTU (issue 24, DTU_URL); absent for the simulated fleet. */
  companion?: CompanionOptions;
  /** The companion's live-socket back-off (tests shorten it); default 1 s doubling to 30 s. */
  companionReconnect?: ReconnectPolicy;
}

export interface CompanionOptions {
  /** The device, its password hidden from every print; without one when it is in a file. */
  target: DeviceTarget;
  /** DTU_PASSWORD_FILE: read at each boot, so a rotated systemd credential is picked up. */
  passwordFile?: string;
}

/** The id the one device of this slice is keyed by (history, caches, sockets). */
export const COMPANION_DEVICE_ID = 'dtu';

const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  'web-dist': { type: 'string' },
  'reboot-delay': { type: 'string' },
  'sim-fleet': { type: 'string' },
  'sim-seed': { type: 'string' },
  'sim-start': { type: 'string' },
  'sim-speed': { type: 'string' },
  'sim-faults': { type: 'string' },
  'sim-firmware': { type: 'string' },
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
  const speed = toNumber('SIM_SPEED', pick('sim-speed', 'SIM_SPEED'), 1);
  if (speed <= 0) throw new Error('SIM_SPEED must be greater than 0');
  const firmwareRelease = pick('sim-firmware', 'SIM_FIRMWARE') || FIRMWARE_RELEASES.v24;
  const simFirmware = generationOfRelease(firmwareRelease);
  if (!simFirmware) {
    const known = Object.values(FIRMWARE_RELEASES).join(' or ');
    throw new Error(`SIM_FIRMWARE must be ${known}, got "${firmwareRelease}"`);
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
    simStart,
    simSpeed: speed,
    simFaults: (pick('sim-faults', 'SIM_FAULTS') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    simFirmware,
    history: readHistoryOptions(env),
    ...readCompanion(pick('dtu-url', 'DTU_URL'), {
      user: pick('dtu-user', 'DTU_USER'),
      password: pick('dtu-password', 'DTU_PASSWORD'),
      passwordFile: env['DTU_PASSWORD_FILE'],
    }),
  };
}

/** DTU_URL and its credentials; nothing without DTU_URL. Errors never repeat a password. */
function readCompanion(
  url: string | undefined,
  given: {
    user: string | undefined;
    password: string | undefined;
    passwordFile: string | undefined;
  },
): { companion?: CompanionOptions } {
  const passwordFile = given.passwordFile || undefined;
  if (!url) {
    if (given.password || passwordFile) {
      throw new Error('DTU_PASSWORD and DTU_PASSWORD_FILE need DTU_URL (the device address)');
    }
    return {};
  }
  if (given.password && passwordFile) {
    throw new Error('set DTU_PASSWORD or DTU_PASSWORD_FILE, not both');
  }
  const target = new DeviceTarget({
    id: COMPANION_DEVICE_ID,
    url,
    ...(given.user ? { user: given.user } : {}),
    ...(given.password ? { password: given.password } : {}),
  });
  return { companion: { target, ...(passwordFile ? { passwordFile } : {}) } };
}
