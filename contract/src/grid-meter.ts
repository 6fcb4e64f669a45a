import { z } from 'zod';
import {
  GRID_METER_HTTP_INTERVAL_S,
  GRID_METER_JSON_PATH_MAX,
  GRID_METER_PHASES_MAX,
  GRID_METER_STALE_AFTER_S,
  GRID_METER_TOPIC_MAX,
  GRID_METER_URL_MAX,
  GRID_METER_SECRET_MAX,
} from './limits.js';

/**
 * The grid meter (issue 35): a HelioDTU extension under /api/gridmeter/…. It measures what the
 * house draws from (positive) or sends to (negative) the grid, so that the house's consumption
 * (production + import − export) can be shown and recorded, and export control can regulate on
 * it. The status is readable like live data (public while allow_readonly is on); the settings and
 * "read now" need the admin login. Settings live in their own file,
 * DATA_DIR/.heliodtu/grid-meter.json (0600: it holds the meter's and the broker's passwords),
 * never in OpenDTU's config.json.
 *
 * Sign: every power this API answers is import-positive (the owner's `invert_sign` has already
 * been applied). Times: epoch ms of the gateway's clock (device time on a simulated gateway).
 */

export const GRID_METER_SOURCES = ['none', 'mqtt', 'http', 'simulated'] as const;
export type GridMeterSource = (typeof GRID_METER_SOURCES)[number];

export const GRID_METER_HTTP_AUTH = ['none', 'basic', 'digest'] as const;

/** Why a meter gives no usable reading now; 'ok' when it does, 'off' when none is set. */
export const GRID_METER_STATES = [
  'off',
  /** Set, but no reading has arrived yet since the start or the last change of settings. */
  'waiting',
  'ok',
  /** The newest reading is older than `stale_after_s` (or one phase of a summed meter is). */
  'stale',
  /** The HTTP meter does not answer, answers an error, or the broker is not connected. */
  'unreachable',
  /** The answer has no number at the JSON path. */
  'no_path',
  /** The house's consumption came out below zero for a minute: most likely a wrong sign setting. */
  'implausible',
] as const;
export type GridMeterState = (typeof GRID_METER_STATES)[number];

export const GridMeterMqttSchema = z.object({
  /**
   * One topic, or up to three summed (one per phase). On a simulated gateway read through its
   * own MQTT connection; on a companion through the broker below.
   */
  topics: z.array(z.string().min(1).max(GRID_METER_TOPIC_MAX)).max(GRID_METER_PHASES_MAX),
  /** Dotted path into a JSON payload (`total_act_power`, `SML.Power_curr`); '' = a plain number. */
  json_path: z.string().max(GRID_METER_JSON_PATH_MAX),
});

export const GridMeterHttpSchema = z.object({
  /** e.g. http://192.168.1.60/rpc/EM.GetStatus?id=0 (Shelly Pro 3EM), …/status (Shelly 3EM). */
  url: z.string().max(GRID_METER_URL_MAX),
  json_path: z.string().max(GRID_METER_JSON_PATH_MAX),
  auth: z.enum(GRID_METER_HTTP_AUTH),
  username: z.string().max(GRID_METER_SECRET_MAX),
  interval_s: z
    .number()
    .int()
    .min(GRID_METER_HTTP_INTERVAL_S.min)
    .max(GRID_METER_HTTP_INTERVAL_S.max),
});

/** A companion's own broker connection (its devices' MQTT settings are theirs, never touched). */
export const GridMeterBrokerSchema = z.object({
  /** mqtt://host:1883 or mqtts://host:8883; '' = none. */
  url: z.string().max(GRID_METER_URL_MAX),
  username: z.string().max(GRID_METER_SECRET_MAX),
});

const GridMeterCommonSchema = z.object({
  source: z.enum(GRID_METER_SOURCES),
  /** false (default): the meter reports import positive; true: it reports export positive. */
  invert_sign: z.boolean(),
  /** A reading older than this is stale; at least twice the HTTP poll interval. */
  stale_after_s: z
    .number()
    .int()
    .min(GRID_METER_STALE_AFTER_S.min)
    .max(GRID_METER_STALE_AFTER_S.max),
  mqtt: GridMeterMqttSchema,
});

/** GET /api/gridmeter/config: passwords are never sent back, only whether one is set. */
export const GridMeterConfigSchema = GridMeterCommonSchema.extend({
  http: GridMeterHttpSchema.extend({ password_set: z.boolean() }),
  broker: GridMeterBrokerSchema.extend({ password_set: z.boolean() }),
  /** Whether this gateway can use `simulated` (SIM_METER=house). */
  simulated_available: z.boolean(),
  /** Whether this gateway is a companion (the broker settings apply only there). */
  companion: z.boolean(),
});
export type GridMeterConfig = z.infer<typeof GridMeterConfigSchema>;

/** POST /api/gridmeter/config (form field `data`): absent passwords are kept, '' removes one. */
export const GridMeterConfigDataSchema = GridMeterCommonSchema.extend({
  http: GridMeterHttpSchema.extend({ password: z.string().max(GRID_METER_SECRET_MAX).optional() }),
  broker: GridMeterBrokerSchema.extend({
    password: z.string().max(GRID_METER_SECRET_MAX).optional(),
  }),
});
export type GridMeterConfigData = z.infer<typeof GridMeterConfigDataSchema>;

/** Answer of POST /api/gridmeter/config (and of the export control settings): as alerts. */
export const PowerSettingsResultSchema = z.object({
  ok: z.boolean(),
  /** The field refused (dotted path, e.g. `http.interval_s`), or '' when saved. */
  field: z.string(),
  /** One plain English line; the interface shows its own translation of the field's problem. */
  message: z.string(),
});
export type PowerSettingsResult = z.infer<typeof PowerSettingsResultSchema>;

export const HouseEnergySchema = z.object({
  /**
   * Since local midnight of the gateway's time zone, Wh; since `counted_from` when the meter
   * began counting later that day (the production of the same time as import and export).
   */
  production_wh: z.number(),
  import_wh: z.number(),
  export_wh: z.number(),
  /** production + import − export. */
  consumption_wh: z.number(),
  /** Share of the production used in the house, 0–100, null before anything was produced. */
  self_consumption_pct: z.number().nullable(),
  /**
   * When the meter began counting today, epoch ms of the gateway's clock, when after local
   * midnight (a meter set or a gateway started during the day): every figure of `today` then
   * covers only the time since. Null: the whole day.
   */
  counted_from: z.number().nullable(),
});
export type HouseEnergy = z.infer<typeof HouseEnergySchema>;

/** GET /api/gridmeter/status (and the answer of POST /api/gridmeter/read). */
export const GridMeterStatusSchema = z.object({
  source: z.enum(GRID_METER_SOURCES),
  state: z.enum(GRID_METER_STATES),
  /** Grid power now (import positive, W), null without a usable reading. */
  power_w: z.number().nullable(),
  /** The summed topics' or the meter's phases, W (empty when it gives only a total). */
  phases_w: z.array(z.number()),
  /** Age of the newest reading (ms), null when none has arrived. */
  age_ms: z.number().nullable(),
  /** When the newest reading arrived (epoch ms, gateway clock), null when none. */
  read_at: z.number().nullable(),
  /** What every inverter of every device produces now (AC, W). */
  production_w: z.number(),
  /** The house's consumption now: production + grid power, null without a usable reading. */
  consumption_w: z.number().nullable(),
  /** Today's energy flow; null while no meter is set. */
  today: HouseEnergySchema.nullable(),
  /** A plain English line on what went wrong (the interface translates `state` instead). */
  detail: z.string(),
  /** The gateway's clock when it answered (epoch ms). */
  now: z.number(),
});
export type GridMeterStatus = z.infer<typeof GridMeterStatusSchema>;
