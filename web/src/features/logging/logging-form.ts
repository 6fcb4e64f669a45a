import { LOG_LEVEL, LOG_LEVEL_INHERIT } from '@heliodtu/contract/limits';
import type { LoggingConfig, LoggingConfigRequest } from '@heliodtu/contract/logging';

/** ESP-IDF's levels in order, 0 none … 5 verbose (wire-current §3); the keys of their names. */
export const LOG_LEVEL_KEYS = [
  'loggingadmin.LevelNone',
  'loggingadmin.LevelError',
  'loggingadmin.LevelWarning',
  'loggingadmin.LevelInfo',
  'loggingadmin.LevelDebug',
  'loggingadmin.LevelVerbose',
] as const;

/** Every level the default may take; a module may also inherit it (LOG_LEVEL_INHERIT). */
export const DEFAULT_LEVELS: readonly number[] = Array.from(
  { length: LOG_LEVEL.max - LOG_LEVEL.min + 1 },
  (_, index) => LOG_LEVEL.min + index,
);
export const MODULE_LEVELS: readonly number[] = [LOG_LEVEL_INHERIT, ...DEFAULT_LEVELS];

/** The key of a level's name; a level outside the range (a newer device's) reads as the nearest. */
export function levelKey(level: number): (typeof LOG_LEVEL_KEYS)[number] {
  const index = Math.min(LOG_LEVEL.max, Math.max(LOG_LEVEL.min, Math.trunc(level)));
  return LOG_LEVEL_KEYS[index] ?? LOG_LEVEL_KEYS[0];
}

/** The posted object: the default and every module the device listed, in its order. */
export function toLoggingRequest(values: LoggingConfig): LoggingConfigRequest {
  return {
    loglevel: {
      default: values.loglevel.default,
      modules: values.loglevel.modules.map(({ name, level }) => ({ name, level })),
    },
  };
}
