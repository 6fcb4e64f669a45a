import { clampLogLevel } from '../domain/log-level.js';
import type { LogModuleLevel, LoggingConfigRequest } from '../logging.js';

export interface StoredLogLevels {
  default: number;
  modules: LogModuleLevel[];
}

/**
 * The levels after a POST /api/logging/config (current firmware): the default and each named
 * module's level clamped (domain/log-level.ts), names the device does not know dropped, modules
 * the request leaves out kept as they were; for a name sent twice the last one counts. The
 * result lists exactly `known`, in its order.
 */
export function applyLoggingConfig(
  current: StoredLogLevels,
  request: LoggingConfigRequest,
  known: readonly string[],
): StoredLogLevels {
  const sent = new Map(request.loglevel.modules.map((m) => [m.name, m.level]));
  return {
    default: clampLogLevel(request.loglevel.default, false),
    modules: known.map((name) => {
      const level = sent.get(name);
      const stored = current.modules.find((m) => m.name === name)?.level;
      return {
        name,
        level: level !== undefined ? clampLogLevel(level, true) : (stored ?? -1),
      };
    }),
  };
}
