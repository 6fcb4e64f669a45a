import { z } from 'zod';
import { CommandStatusSchema } from './limit.js';
import { wire } from './wire.js';

/** Power control, wire-contract §4.4 and inverter-domain §7.4. */

//-- GET /api/power/status

export const InverterPowerStatusSchema = z.object({ power_set_status: CommandStatusSchema });
export type InverterPowerStatus = z.infer<typeof InverterPowerStatusSchema>;

/** Keyed by inverter serial; `{}` without inverters. */
export const PowerStatusSchema = z.record(z.string(), InverterPowerStatusSchema);
export type PowerStatus = z.infer<typeof PowerStatusSchema>;

//-- POST /api/power/config

/**
 * `{serial, power: bool}` or `{serial, restart: bool}`. A serial that is no string, or neither
 * field a bool, is 1005. When `power` is a bool it wins; `restart: false` then does nothing.
 * A non-bool `power` next to a bool `restart` is ignored, as on the device.
 */
export const PowerConfigRequestSchema = z
  .object({
    serial: wire.string(),
    power: z.unknown().optional(),
    restart: z.unknown().optional(),
  })
  .refine((data) => typeof data.power === 'boolean' || typeof data.restart === 'boolean')
  .transform((data) => {
    if (typeof data.power === 'boolean') return { serial: data.serial, power: data.power };
    return { serial: data.serial, restart: data.restart === true };
  });
export type PowerConfigRequest = z.infer<typeof PowerConfigRequestSchema>;

/** What a power request asks for, once its kinds are checked. */
export type PowerAction = 'on' | 'off' | 'restart' | 'none';

/** The action of a parsed power request: power wins; restart false is nothing (wire-contract §4.4). */
export function powerActionOf(request: PowerConfigRequest): PowerAction {
  if ('power' in request) return request.power ? 'on' : 'off';
  return request.restart ? 'restart' : 'none';
}
