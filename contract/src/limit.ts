import { z } from 'zod';
import { wire } from './wire.js';

/**
 * Limit control, wire-contract §4.4 and inverter-domain §7. The values and type rules
 * (5001..5004) are checked after this schema; see domain/limit-type.ts.
 */

/** Life cycle of a limit or power command (inverter-domain §7.2); "Unknown" never occurs in practice. */
export const COMMAND_STATUSES = ['Ok', 'Pending', 'Failure', 'Unknown'] as const;
export const CommandStatusSchema = z.enum(COMMAND_STATUSES);
export type CommandStatus = z.infer<typeof CommandStatusSchema>;

//-- GET /api/limit/status

export const InverterLimitStatusSchema = z.object({
  /** Percent, as last read from or acknowledged by the inverter. */
  limit_relative: z.number(),
  /** W from the device info; 0 while unknown. */
  max_power: z.number().int(),
  limit_set_status: CommandStatusSchema,
});
export type InverterLimitStatus = z.infer<typeof InverterLimitStatusSchema>;

/** Keyed by inverter serial; `{}` without inverters. */
export const LimitStatusSchema = z.record(z.string(), InverterLimitStatusSchema);
export type LimitStatus = z.infer<typeof LimitStatusSchema>;

//-- POST /api/limit/config

/** Kind checks only (1005): serial a string, limit_value any number, limit_type a uint16. */
export const LimitConfigRequestSchema = z.object({
  serial: wire.string(),
  limit_value: wire.number(),
  limit_type: wire.uint16(),
});
export type LimitConfigRequest = z.infer<typeof LimitConfigRequestSchema>;
