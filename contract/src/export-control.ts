import { z } from 'zod';
import {
  EXPORT_CONTROL_COMMAND_SPACING_S,
  EXPORT_CONTROL_HYSTERESIS_W,
  EXPORT_CONTROL_INVERTERS_MAX,
  EXPORT_CONTROL_LIMIT_W,
  EXPORT_CONTROL_MANUAL_PAUSE_MIN,
  EXPORT_CONTROL_TARGET_W,
} from './limits.js';

/**
 * Export control (issue 35): a HelioDTU extension under /api/exportcontrol/…. It holds the grid
 * power the meter measures (grid-meter.ts) at a target by sending governed inverters temporary
 * (non-persistent) absolute limits, across every device the gateway reaches. Off until the owner
 * turns it on. Settings live in DATA_DIR/.heliodtu/export-control.json. The status is readable
 * like live data; the settings and `set` need the admin login.
 *
 * Times: epoch ms of the gateway's clock (device time on a simulated gateway, sped up with
 * SIM_SPEED); every timer of control runs on it.
 */

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
const Watts = z.number().int().min(EXPORT_CONTROL_LIMIT_W.min).max(EXPORT_CONTROL_LIMIT_W.max);

export const GovernedInverterSchema = z.object({
  /** 'local' for the simulated fleet, else the companion's device id. */
  device: z.string().min(1).max(64),
  /** 12 hex digits. */
  serial: z.string().regex(/^[0-9A-Fa-f]{1,16}$/),
  lower_w: Watts,
  upper_w: Watts,
  /** Limit while the meter is lost; null: its lower limit. */
  fallback_w: Watts.nullable(),
  /** Limit given back when control lets go; null: the limit it had when control took it over. */
  restore_w: Watts.nullable(),
});
export type GovernedInverter = z.infer<typeof GovernedInverterSchema>;

export const ExportControlConfigSchema = z.object({
  enabled: z.boolean(),
  /** Grid power to hold, W: 0 no export, −50 a little export allowed, +30 a margin of import. */
  target_w: z.number().int().min(EXPORT_CONTROL_TARGET_W.min).max(EXPORT_CONTROL_TARGET_W.max),
  /** No command for a change smaller than this, W. */
  hysteresis_w: z
    .number()
    .int()
    .min(EXPORT_CONTROL_HYSTERESIS_W.min)
    .max(EXPORT_CONTROL_HYSTERESIS_W.max),
  /** At most one increase per inverter this often, s (decreases are not held back). */
  command_spacing_s: z
    .number()
    .int()
    .min(EXPORT_CONTROL_COMMAND_SPACING_S.min)
    .max(EXPORT_CONTROL_COMMAND_SPACING_S.max),
  /** A limit the owner sends to a governed inverter pauses its control this long, minutes. */
  manual_pause_min: z
    .number()
    .int()
    .min(EXPORT_CONTROL_MANUAL_PAUSE_MIN.min)
    .max(EXPORT_CONTROL_MANUAL_PAUSE_MIN.max),
  /** Control only between start and end (local time; start after end spans midnight). */
  window: z.object({ enabled: z.boolean(), start: ClockTime, end: ClockTime }),
  inverters: z.array(GovernedInverterSchema).max(EXPORT_CONTROL_INVERTERS_MAX),
});
export type ExportControlConfig = z.infer<typeof ExportControlConfigSchema>;

/** POST /api/exportcontrol/set: what automations switch (price-driven, MQTT `…/set`). */
export const ExportControlSetSchema = z
  .object({
    enabled: z.boolean().optional(),
    target_w: ExportControlConfigSchema.shape.target_w.optional(),
  })
  .refine((v) => v.enabled !== undefined || v.target_w !== undefined, 'enabled or target_w');
export type ExportControlSet = z.infer<typeof ExportControlSetSchema>;

/** What control does now, as one state; the interface words it as a sentence. */
export const EXPORT_CONTROL_STATES = [
  'off',
  /** On, but outside its daily window: limits given back. */
  'outside_window',
  /** On, without a governed inverter. */
  'no_inverters',
  /** The meter is stale or lost: every governed inverter at its fallback limit. */
  'meter_lost',
  /** Just started with control on: fallback limits first, then regulating. */
  'starting',
  /** Grid power within target ± hysteresis; nothing to do. */
  'holding',
  /** A limit was sent; waiting for read-back, newer live data and a newer meter reading. */
  'waiting',
  /** Changing limits now. */
  'regulating',
  /** Every governed inverter is at its upper limit and the house still imports more than the target. */
  'at_upper',
  /** Every governed inverter is at its lower limit and the house still exports more than the target. */
  'at_lower',
] as const;
export type ExportControlState = (typeof EXPORT_CONTROL_STATES)[number];

export const GOVERNED_STATES = [
  /** Control sets its limit. */
  'regulated',
  /** A limit is sent and not yet read back. */
  'pending',
  /** The owner sent a limit: control leaves it alone until `paused_until`. */
  'paused_manual',
  /** Its device (or the inverter) does not answer: left alone, nobody makes up for it. */
  'away',
  /** Its device answers but has not read the inverter's limit yet (minutes after it starts). */
  'limit_unknown',
  /** At its fallback limit (meter lost, or a command not confirmed within 30 s). */
  'fallback',
  /** Control is off or outside its window: its limit was given back. */
  'released',
] as const;
export type GovernedState = (typeof GOVERNED_STATES)[number];

export const GovernedStatusSchema = z.object({
  device: z.string(),
  serial: z.string(),
  name: z.string(),
  state: z.enum(GOVERNED_STATES),
  /** AC power now, W, null without live data. */
  power_w: z.number().nullable(),
  /** The limit control last asked for, W, null when it asked none. */
  requested_w: z.number().nullable(),
  /** The limit read back from the inverter, W, null when unknown. */
  readback_w: z.number().nullable(),
  /** Whether the read-back equals the request within 2 %. */
  confirmed: z.boolean(),
  /** The limit the inverter had when control took it over, W (what is given back). */
  taken_over_w: z.number().nullable(),
  /** While paused by a manual limit: until when (epoch ms), else null. */
  paused_until: z.number().nullable(),
  /** Why its limit is what it is, one English line; the interface words `state` itself. */
  reason: z.string(),
});
export type GovernedStatus = z.infer<typeof GovernedStatusSchema>;

/** One point of the last 15 minutes (every 5 s of the gateway's clock). */
export const ExportControlPointSchema = z.object({
  t: z.number(),
  grid_w: z.number().nullable(),
  production_w: z.number(),
  target_w: z.number().nullable(),
  /** Sum of the governed inverters' limits, W, null while control is off. */
  limit_w: z.number().nullable(),
});
export type ExportControlPoint = z.infer<typeof ExportControlPointSchema>;

/** GET /api/exportcontrol/status */
export const ExportControlStatusSchema = z.object({
  enabled: z.boolean(),
  state: z.enum(EXPORT_CONTROL_STATES),
  target_w: z.number(),
  /** The meter's grid power now (import positive), null without a usable reading. */
  grid_w: z.number().nullable(),
  /** Every inverter's AC power now, W. */
  production_w: z.number(),
  /** Sum of the governed inverters' limits now, W. */
  limit_w: z.number().nullable(),
  /** One English sentence of what control does and what it waits for. */
  sentence: z.string(),
  inverters: z.array(GovernedStatusSchema),
  /** The last 15 minutes, oldest first. */
  series: z.array(ExportControlPointSchema),
  now: z.number(),
});
export type ExportControlStatus = z.infer<typeof ExportControlStatusSchema>;
