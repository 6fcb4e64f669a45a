import { z } from 'zod';
import { wire } from './wire.js';
import {
  CHANNEL_MAX_POWER,
  CHANNEL_NAME_MAX,
  REACHABLE_THRESHOLD,
  REACHABLE_THRESHOLD_DEFAULT,
  STRING_AZIMUTH,
  STRING_TILT,
  YIELD_TOTAL_OFFSET_MIN,
} from './limits.js';

/**
 * Inverter administration, wire-contract §4.3.
 *
 * Where our server is stricter than the firmware (each answers 1005, no dedicated code exists):
 * - SPEC_STRICTER (spec §5, wire-contract §11.12): on edit, `reachable_threshold` must be an
 *   integer 1..100 when present, channel `max_power` a uint16, `yield_total_offset` ≥ 0 and
 *   channel `name` at most 31 characters. Entries of `channel` must be objects.
 * - `order` entries must be ids (non-negative integers or strings of digits); ids ≥ 10 are
 *   skipped as on the device.
 *
 * Where the firmware has a defect, the server answers 4001 ("serial invalid"):
 * - A serial already used by another slot. The firmware allows duplicates, but live data,
 *   limits and power commands are addressed by serial, so the second inverter could never be
 *   told apart. Clients should check the list first to show a clearer message.
 * - A serial above 12 hex digits (48 bits, the size of every Hoymiles serial): it could not be
 *   stored exactly as the JSON number config.json holds (wire-contract §9).
 */

//-- GET /api/inverter/list

/**
 * A string's orientation (issue 23), a HelioDTU extension beside OpenDTU's channel fields: our
 * gateway always lists both (null while unset), a real device never does, which is how the
 * interface tells whether it may offer them. On edit, absent keeps the stored value (so clients
 * written for OpenDTU do not clear it), null clears it, and both are set or cleared together.
 */
export const STRING_ORIENTATION_NOTE =
  'HelioDTU extension (issue 23), not sent by OpenDTU devices: listed by this gateway as a number or null (unset); on edit, absent keeps the stored value, null clears it, and azimuth and tilt are set or cleared together.';

const azimuth = z
  .number()
  .int()
  .min(STRING_AZIMUTH.min)
  .max(STRING_AZIMUTH.max)
  .nullable()
  .meta({
    description: `The string's azimuth in degrees clockwise from north (90 east, 180 south, 270 west). ${STRING_ORIENTATION_NOTE}`,
    'x-heliodtu-extension': true,
  });
const tilt = z
  .number()
  .int()
  .min(STRING_TILT.min)
  .max(STRING_TILT.max)
  .nullable()
  .meta({
    description: `The string's tilt in degrees from horizontal (0 flat, 90 vertical). ${STRING_ORIENTATION_NOTE}`,
    'x-heliodtu-extension': true,
  });

export const InverterChannelSchema = z.object({
  name: z.string(),
  max_power: z.number().int(),
  yield_total_offset: z.number(),
  azimuth: azimuth.optional(),
  tilt: tilt.optional(),
});
export type InverterChannel = z.infer<typeof InverterChannelSchema>;

export const InverterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  serial: z.string(),
  poll_enable: z.boolean(),
  poll_enable_night: z.boolean(),
  command_enable: z.boolean(),
  command_enable_night: z.boolean(),
  reachable_threshold: z.number().int(),
  zero_runtime: z.boolean(),
  zero_day: z.boolean(),
  clear_eventlog: z.boolean(),
  yieldday_correction: z.boolean(),
  /** Model family (inverter-model.ts) or "Unknown". */
  type: z.string(),
  /** One entry per DC input of the model; 6 for an Unknown type. */
  channel: z.array(InverterChannelSchema),
});
export type Inverter = z.infer<typeof InverterSchema>;

export const InverterListSchema = z.object({ inverter: z.array(InverterSchema) });
export type InverterList = z.infer<typeof InverterListSchema>;

//-- POST /api/inverter/add

export const InverterAddRequestSchema = z.object({ serial: wire.string(), name: wire.string() });
export type InverterAddRequest = z.infer<typeof InverterAddRequestSchema>;

//-- POST /api/inverter/edit

/** A flag the device reads leniently: missing or not a bool gives the default. */
const flag = (fallback: boolean) => z.boolean().catch(fallback);

/** The firmware's kind checks (1005) and its lenient flag defaults; the rest is checked by value. */
export const InverterEditRequestSchema = z.object({
  id: wire.uint8(),
  serial: wire.string(),
  name: wire.string(),
  channel: z.array(z.unknown()),
  poll_enable: flag(true),
  poll_enable_night: flag(true),
  command_enable: flag(true),
  command_enable_night: flag(true),
  zero_runtime: flag(false),
  zero_day: flag(false),
  clear_eventlog: flag(false),
  yieldday_correction: flag(false),
  reachable_threshold: z.unknown().optional(),
});
/** What a client sends: the whole object as listed (`type` and `order` are ignored). */
export type InverterEditRequest = Omit<Inverter, 'type' | 'order'> & {
  type?: string;
  order?: number;
};

/** SPEC_STRICTER: missing gives the default 2, anything else must be 1..100. */
export const ReachableThresholdSchema = z
  .number()
  .int()
  .min(REACHABLE_THRESHOLD.min)
  .max(REACHABLE_THRESHOLD.max)
  .nullish()
  .transform((value) => value ?? REACHABLE_THRESHOLD_DEFAULT);

/** One channel of an edit: missing fields take their defaults, present ones are range-checked. */
export const InverterChannelEditSchema = z.object({
  name: z.string().max(CHANNEL_NAME_MAX).default(''),
  max_power: wire.uint16().min(CHANNEL_MAX_POWER.min).max(CHANNEL_MAX_POWER.max).default(0),
  yield_total_offset: z.number().min(YIELD_TOTAL_OFFSET_MIN).default(0),
  azimuth: azimuth.optional(),
  tilt: tilt.optional(),
});

//-- POST /api/inverter/del and /api/inverter/order

export const InverterDeleteRequestSchema = z.object({ id: wire.uint8() });
export type InverterDeleteRequest = z.infer<typeof InverterDeleteRequestSchema>;

/** Ids in display order; the web interface sends them as strings from the sortable list. */
export const InverterOrderRequestSchema = z.object({
  order: z.array(z.union([z.number().int().min(0), z.string().regex(/^\d+$/)])),
});
export type InverterOrderRequest = z.input<typeof InverterOrderRequestSchema>;

/** Largest serial we store: 12 hex digits (see the note at the top). */
export { INVERTER_SERIAL_MAX } from './domain/serial-hex.js';
