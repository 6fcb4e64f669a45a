import { effectiveLogLevel } from '@heliodtu/contract/domain/log-level';
import type { LoggingSettings } from '@heliodtu/contract/config-file';

/**
 * The modules the simulated v26.3.30 device logs for, each with its own level in
 * GET/POST /api/logging/config. This is the simulator's list, chosen for what it writes (a real
 * device's list depends on its build); a name outside it is dropped from a POST.
 */
export const LOG_MODULES = [
  'core',
  'config',
  'network',
  'ntp',
  'mqtt',
  'hass',
  'webapi',
  'hoymiles',
  'display',
  'led',
  'syslog',
] as const;

/** Each module with its stored level; a module the file does not list inherits (−1). */
export function moduleLevels(logging: LoggingSettings): { name: string; level: number }[] {
  return LOG_MODULES.map((name) => ({
    name,
    level: logging.modules.find((m) => m.name === name)?.level ?? -1,
  }));
}

/** Whether a line of `level` (1 error … 5 verbose) from `tag` prints with these settings. */
export function logLineShows(logging: LoggingSettings, tag: string, level: number): boolean {
  const own = logging.modules.find((m) => m.name === tag)?.level ?? -1;
  return level <= effectiveLogLevel(own, logging.default);
}
