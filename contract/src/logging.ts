import { z } from 'zod';
import { wire } from './wire.js';

/**
 * GET/POST /api/logging/config: log levels per module, current firmware (v26.3.30) only
 * (wire-current §3). Levels are ESP-IDF's 0 none … 5 verbose; −1 = the module inherits the
 * default. Clamping and the module list: domain/log-level.ts, rules/logging-rules.ts.
 */

export const LogModuleLevelSchema = z.object({
  name: z.string(),
  /** −1 inherit, 0 none … 5 verbose. */
  level: z.number().int(),
});
export type LogModuleLevel = z.infer<typeof LogModuleLevelSchema>;

export const LoggingConfigSchema = z.object({
  loglevel: z.object({
    /** 0 none … 5 verbose. */
    default: z.number().int(),
    /** Every module the device logs for, in its order. */
    modules: z.array(LogModuleLevelSchema),
  }),
});
export type LoggingConfig = z.infer<typeof LoggingConfigSchema>;

/**
 * POST data: kinds only (1005). Levels out of range are clamped, unknown module names dropped,
 * modules not listed keep their level (rules/logging-rules.ts).
 */
export const LoggingConfigRequestSchema = z.object({
  loglevel: z.object({
    default: wire.int32(),
    modules: z.array(z.object({ name: wire.string(), level: wire.int32() })),
  }),
});
export type LoggingConfigRequest = z.infer<typeof LoggingConfigRequestSchema>;
