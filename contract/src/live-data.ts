import { z } from 'zod';
import { ValueObjectSchema } from './value.js';

/**
 * GET /api/livedata/status and the /livedata socket, wire-contract §4.2 and inverter-domain §2.
 * Every object below lists its keys in the order the device emits them; zod keeps that order
 * when it parses, and the server builds its answers in the same order.
 */

//-- Units and decimals of every field (inverter-domain §2.2)

/** Unit and decimals per field of one channel group, in emitted order. */
export const AC_FIELDS = {
  Power: { u: 'W', d: 1 },
  Voltage: { u: 'V', d: 1 },
  Current: { u: 'A', d: 2 },
  Frequency: { u: 'Hz', d: 2 },
  PowerFactor: { u: '', d: 3 },
  ReactivePower: { u: 'var', d: 1 },
} as const;

export const DC_FIELDS = {
  Power: { u: 'W', d: 1 },
  Voltage: { u: 'V', d: 1 },
  Current: { u: 'A', d: 2 },
  YieldDay: { u: 'Wh', d: 0 },
  YieldTotal: { u: 'kWh', d: 3 },
  Irradiation: { u: '%', d: 3 },
} as const;

export const INV_FIELDS = {
  'Power DC': { u: 'W', d: 1 },
  YieldDay: { u: 'Wh', d: 0 },
  YieldTotal: { u: 'kWh', d: 3 },
  Temperature: { u: '°C', d: 1 },
  Efficiency: { u: '%', d: 3 },
} as const;

export const TOTAL_FIELDS = {
  Power: { u: 'W', d: 1 },
  YieldDay: { u: 'Wh', d: 0 },
  YieldTotal: { u: 'kWh', d: 3 },
} as const;

//-- Channel groups

/** DC `name`: only the configured string name, as `u` (wire-contract §4.2). */
export const DcNameSchema = z.object({ u: z.string() });

/** DC `Irradiation`: a value object plus the configured Wp as `max`. */
export const IrradiationSchema = ValueObjectSchema.extend({ max: z.number().int() });
export type Irradiation = z.infer<typeof IrradiationSchema>;

export const AcChannelSchema = z.object({
  Power: ValueObjectSchema,
  Voltage: ValueObjectSchema,
  Current: ValueObjectSchema,
  Frequency: ValueObjectSchema,
  PowerFactor: ValueObjectSchema,
  ReactivePower: ValueObjectSchema,
});
export type AcChannel = z.infer<typeof AcChannelSchema>;

/**
 * The string's configured orientation (issue 23), a HelioDTU extension: present only when the
 * owner set azimuth and tilt, so the live view compares only strings facing the same way.
 */
export const DcOrientationSchema = z
  .object({
    /** Degrees clockwise from north (90 east, 180 south, 270 west). */
    azimuth: z.number().int(),
    /** Degrees from horizontal (0 flat, 90 vertical). */
    tilt: z.number().int(),
  })
  .meta({
    description:
      "HelioDTU extension (issue 23), never sent by OpenDTU devices: the string's azimuth (degrees clockwise from north) and tilt (degrees from horizontal) as set in its inverter's settings; absent while unset.",
    'x-heliodtu-extension': true,
  });
export type DcOrientation = z.infer<typeof DcOrientationSchema>;

/** One DC input; `Irradiation` only when the string's max_power (Wp) is above 0. */
export const DcChannelSchema = z.object({
  name: DcNameSchema,
  Power: ValueObjectSchema,
  Voltage: ValueObjectSchema,
  Current: ValueObjectSchema,
  YieldDay: ValueObjectSchema,
  YieldTotal: ValueObjectSchema,
  Irradiation: IrradiationSchema.optional(),
  orientation: DcOrientationSchema.optional(),
});
export type DcChannel = z.infer<typeof DcChannelSchema>;

export const InvChannelSchema = z.object({
  'Power DC': ValueObjectSchema,
  YieldDay: ValueObjectSchema,
  YieldTotal: ValueObjectSchema,
  Temperature: ValueObjectSchema,
  Efficiency: ValueObjectSchema,
});
export type InvChannel = z.infer<typeof InvChannelSchema>;

/** Channel groups are keyed by the channel number as a string ("0", "1", ...). */
const byChannel = <T extends z.ZodType>(channel: T) => z.record(z.string(), channel);

//-- Inverter objects

export const RadioStatsSchema = z.object({
  tx_request: z.number().int(),
  tx_re_request: z.number().int(),
  rx_success: z.number().int(),
  rx_fail_nothing: z.number().int(),
  rx_fail_partial: z.number().int(),
  rx_fail_corrupt: z.number().int(),
  /** dBm; NRF models only -30 or -80, CMT models real dBm, -127 before the first packet. */
  rssi: z.number().int(),
});
export type RadioStats = z.infer<typeof RadioStatsSchema>;

/**
 * Issue 27, a HelioDTU extension at the end of every inverter object: the id of the device the
 * inverter is on (companion.ts DeviceIdSchema). Sent only by a companion with several devices,
 * so that one device's answers and frames stay exactly OpenDTU's.
 */
const deviceTag = {
  dtu: z.string().optional().meta({
    description:
      'HelioDTU extension (issue 27): the id of the device this inverter is on; only sent by a companion in front of several devices.',
    'x-heliodtu-extension': true,
  }),
};

const LiveInverterCommonSchema = z.object({
  serial: z.string(),
  name: z.string(),
  order: z.number().int(),
  /** Seconds since the last live-data packet (since boot before the first). */
  data_age: z.number().int(),
  /** v26.3.30 only: the same age in ms. */
  data_age_ms: z.number().int().optional(),
  poll_enabled: z.boolean(),
  reachable: z.boolean(),
  producing: z.boolean(),
  /** Percent; 0 until the first limit read (about 4 min after boot). */
  limit_relative: z.number(),
  /** W; -1 while the max power is unknown. */
  limit_absolute: z.number(),
  radio_stats: RadioStatsSchema,
});

/** The common fields: all that `GET /api/livedata/status` without `inv` carries per inverter. */
export const LiveInverterPartialSchema = LiveInverterCommonSchema.extend(deviceTag);
export type LiveInverterPartial = z.infer<typeof LiveInverterPartialSchema>;

/** The full object of `?inv=` and of every socket message: common fields, channels, events. */
export const LiveInverterFullSchema = LiveInverterCommonSchema.extend({
  AC: byChannel(AcChannelSchema),
  DC: byChannel(DcChannelSchema),
  INV: byChannel(InvChannelSchema),
  /** Event-log entries held (0..15); -1 when the model has no event log. */
  events: z.number().int(),
  ...deviceTag,
});
export type LiveInverterFull = z.infer<typeof LiveInverterFullSchema>;

//-- Top level

export const LiveTotalSchema = z.object({
  Power: ValueObjectSchema,
  YieldDay: ValueObjectSchema,
  YieldTotal: ValueObjectSchema,
});
export type LiveTotal = z.infer<typeof LiveTotalSchema>;

export const HintsSchema = z.object({
  /** True while the clock is NOT synchronised. */
  time_sync: z.boolean(),
  radio_problem: z.boolean(),
  /** True while the admin password is the default one. */
  default_password: z.boolean(),
  /** v26.3.30 only: the board needs a pin mapping that is not selected. */
  pin_mapping_issue: z.boolean().optional(),
});
export type Hints = z.infer<typeof HintsSchema>;

/** `GET /api/livedata/status` without `inv`: one partial object per inverter. */
export const LiveDataPartialStatusSchema = z.object({
  inverters: z.array(LiveInverterPartialSchema),
  total: LiveTotalSchema,
  hints: HintsSchema,
});
export type LiveDataPartialStatus = z.infer<typeof LiveDataPartialStatusSchema>;

/** `GET /api/livedata/status?inv=<serial>`: that inverter's full object, or `[]` when unknown. */
export const LiveDataFullStatusSchema = z.object({
  inverters: z.array(LiveInverterFullSchema),
  total: LiveTotalSchema,
  hints: HintsSchema,
});
export type LiveDataFullStatus = z.infer<typeof LiveDataFullStatusSchema>;

/** Either answer of `GET /api/livedata/status`. Full objects are tried first so none loses its channels. */
export const LiveDataStatusSchema = z.object({
  inverters: z.array(z.union([LiveInverterFullSchema, LiveInverterPartialSchema])),
  total: LiveTotalSchema,
  hints: HintsSchema,
});
export type LiveDataStatus = z.infer<typeof LiveDataStatusSchema>;
