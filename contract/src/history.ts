import { z } from 'zod';
import { HISTORY_ERRORS, HISTORY_RESOLUTIONS } from './domain/history-dates.js';

/**
 * Energy history (issue 14): a HelioDTU extension beyond the OpenDTU API, under /api/history/…,
 * readable like live data (public while allow_readonly is on). Paths, limits and calendar
 * helpers are in `./domain/history-dates.ts` (zod-free, for the web at run time).
 *
 * Conventions: times are epoch seconds (UTC); dates are the gateway's local calendar days in
 * the configured POSIX time zone (so a DST day has 23 or 25 hours); powers in W with one
 * decimal; energies in Wh with one decimal. `peak_local` is the local wall time 'HH:MM' of the
 * peak. A gateway without history answers 404 on every path (like a real OpenDTU device).
 */

export * from './domain/history-dates.js';

const DateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const TimeText = z.string().regex(/^\d{2}:\d{2}$/);
const Watts = z.number().nonnegative();
const WattHours = z.number().nonnegative();
const EpochSeconds = z.number().int();

//-- shared parts

/** One bucket: [bucket start (epoch s), average W, maximum W]. Sorted by time; buckets without any poll are absent. */
export const HistoryPointSchema = z.tuple([EpochSeconds, Watts, Watts]);
export type HistoryPoint = z.infer<typeof HistoryPointSchema>;

/** Peak power of a period and when it happened; null time when there was no production. */
export const HistoryPeakSchema = z.object({
  peak_w: Watts,
  peak_at: EpochSeconds.nullable(),
  peak_local: TimeText.nullable(),
});
export type HistoryPeak = z.infer<typeof HistoryPeakSchema>;

/** One DC input of an inverter (index 0-based as in live data `DC["0"]`). */
export const HistoryStringInfoSchema = z.object({
  index: z.number().int().min(0),
  name: z.string(),
});

/**
 * Issue 27: on a companion of several devices, an answer without `dtu=` covers all of them and
 * names each inverter's device; the same serial on two devices is two inverters.
 */
const DeviceOfInverter = {
  dtu: z.string().optional(),
};

/** An inverter that has history; `present` is false once it was deleted from the config (its history stays readable). */
export const HistoryInverterInfoSchema = z.object({
  ...DeviceOfInverter,
  serial: z.string(),
  name: z.string(),
  present: z.boolean(),
  strings: z.array(HistoryStringInfoSchema),
});
export type HistoryInverterInfo = z.infer<typeof HistoryInverterInfoSchema>;

/** A 400 answer: machine code (for translation), English reason, the offending parameter. */
export const HistoryErrorSchema = z.object({
  error: z.enum(HISTORY_ERRORS),
  reason: z.string(),
  param: z.string().optional(),
});
export type HistoryError = z.infer<typeof HistoryErrorSchema>;

/**
 * Issue 35: the house's energy flow of a period, when a grid meter recorded in it (absent
 * otherwise: a gateway without a meter answers as before). Consumption is derived, never
 * stored: production + import − export; self-consumed = production − export (not below 0).
 */
export const HistoryGridEnergySchema = z.object({
  import_wh: WattHours,
  export_wh: WattHours,
  consumption_wh: WattHours,
  self_consumed_wh: WattHours,
});
export type HistoryGridEnergy = z.infer<typeof HistoryGridEnergySchema>;

/**
 * One bucket of the grid: [bucket start (epoch s), average import W, average export W, average
 * consumption W] (the polls' average; consumption = production + import − export, not below 0).
 */
export const HistoryGridPointSchema = z.tuple([EpochSeconds, Watts, Watts, Watts]);
export type HistoryGridPoint = z.infer<typeof HistoryGridPointSchema>;

//-- GET /api/history/range

export const HistoryRangeSchema = z.object({
  /** Bumped on an incompatible change of this API. */
  version: z.literal(1),
  /** POSIX TZ string the local days are computed in (ntp.timezone). */
  tz: z.string(),
  /** Today's local date on the gateway. */
  today: DateText,
  first_day: DateText.nullable(),
  last_day: DateText.nullable(),
  bucket_minutes: z.number().int().positive(),
  /** Days the 5-minute buckets are kept; daily yields are kept forever. */
  retention_days: z.number().int().positive(),
  /** False while recording is stopped (full disk); the stored history stays readable. */
  recording: z.boolean(),
  /** Present inverters first (config order), then deleted ones that left history. */
  inverters: z.array(HistoryInverterInfoSchema),
});
export type HistoryRange = z.infer<typeof HistoryRangeSchema>;

//-- GET /api/history/day?date=YYYY-MM-DD[&serial=…][&strings=1]  (date defaults to today)

export const HistoryStringSeriesSchema = z.object({
  index: z.number().int().min(0),
  name: z.string(),
  points: z.array(HistoryPointSchema),
});

export const HistoryDayInverterSchema = HistoryPeakSchema.extend({
  ...DeviceOfInverter,
  serial: z.string(),
  name: z.string(),
  present: z.boolean(),
  /** The day's yield: the inverter's energy counters summed over the day's buckets. */
  yield_wh: WattHours,
  points: z.array(HistoryPointSchema),
  /** Only with `strings=1`. */
  strings: z.array(HistoryStringSeriesSchema).optional(),
});
export type HistoryDayInverter = z.infer<typeof HistoryDayInverterSchema>;

export const HistoryDaySchema = z.object({
  date: DateText,
  tz: z.string(),
  bucket_minutes: z.number().int().positive(),
  /** Local midnight that starts the day, and the next one (epoch s): end − start is 23, 24 or 25 h. */
  start: EpochSeconds,
  end: EpochSeconds,
  /**
   * UTC offsets in force during the day: [from (epoch s), offset in seconds east of UTC], sorted;
   * one entry, or two on a DST day. Local time of t = t + offset of the last entry with from ≤ t.
   */
  utc_offsets: z.array(z.tuple([EpochSeconds, z.number().int()])).min(1),
  /** Fleet: points are per-bucket sums of the inverters' average and maximum; peak is the fleet's highest polled total. */
  total: HistoryPeakSchema.extend({ yield_wh: WattHours, points: z.array(HistoryPointSchema) }),
  /** Every inverter with data that day (or only `serial`). */
  inverters: z.array(HistoryDayInverterSchema),
  /**
   * Issue 35: the house's grid flow that day, when a meter recorded; absent without one, with
   * `serial`, and for one device of several (the meter measures the whole house).
   */
  grid: HistoryGridEnergySchema.extend({
    points: z.array(HistoryGridPointSchema),
    /**
     * When the meter began recording that day (epoch s), when the inverters had produced before
     * it (a meter set during the day): consumption and self-consumption count only the
     * production since. Absent: the whole day.
     */
    counted_from: EpochSeconds.optional(),
  }).optional(),
});
export type HistoryDay = z.infer<typeof HistoryDaySchema>;

//-- GET /api/history/month?month=YYYY-MM, /year?year=YYYY, /years  (one shape for the three bar views)

/**
 * A peak inside a month, year or lifetime also names its local day ('YYYY-MM-DD'; null with no
 * production): `peak_local` alone cannot place it on a calendar day in the gateway's zone.
 */
export const HistoryPeriodPeakSchema = HistoryPeakSchema.extend({
  peak_date: DateText.nullable(),
});
export type HistoryPeriodPeak = z.infer<typeof HistoryPeriodPeakSchema>;

export const HistoryInverterYieldSchema = HistoryPeriodPeakSchema.extend({
  ...DeviceOfInverter,
  serial: z.string(),
  yield_wh: WattHours,
});
export type HistoryInverterYield = z.infer<typeof HistoryInverterYieldSchema>;

/** One bar: a day ('YYYY-MM-DD'), a month ('YYYY-MM') or a year ('YYYY'). Only periods with data. */
export const HistoryPeriodEntrySchema = HistoryPeriodPeakSchema.extend({
  key: z.string(),
  yield_wh: WattHours,
  /** Local days with data inside this entry (1 for a day). */
  days: z.number().int().min(0),
  inverters: z.array(HistoryInverterYieldSchema),
  /** Issue 35: the house's flow in this bar, when a meter recorded in it (see HistoryDay.grid). */
  grid: HistoryGridEnergySchema.optional(),
});
export type HistoryPeriodEntry = z.infer<typeof HistoryPeriodEntrySchema>;

export const HistoryPeriodSchema = z.object({
  period: z.enum(['month', 'year', 'years']),
  /** 'YYYY-MM' for a month, 'YYYY' for a year, 'lifetime' for /years. */
  key: z.string(),
  tz: z.string(),
  entries: z.array(HistoryPeriodEntrySchema),
  total: HistoryPeriodPeakSchema.extend({
    yield_wh: WattHours,
    /** Issue 35: the house's flow over the whole period, when a meter recorded in it. */
    grid: HistoryGridEnergySchema.optional(),
  }),
  /** Per inverter over the whole period (names for the legend). */
  inverters: z.array(HistoryInverterYieldSchema.extend({ name: z.string(), present: z.boolean() })),
});
export type HistoryPeriod = z.infer<typeof HistoryPeriodSchema>;

//-- GET /api/history/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&resolution=bucket|day[&serial=…]

/** Query of the export; validated on the server with the limits in history-dates.ts. */
export const HistoryExportQuerySchema = z.object({
  from: DateText,
  to: DateText,
  resolution: z.enum(HISTORY_RESOLUTIONS).default('day'),
  serial: z.string().optional(),
});
export type HistoryExportQuery = z.infer<typeof HistoryExportQuerySchema>;

/** CSV header lines (units in brackets), comma-separated, RFC 4180 quoting, UTF-8, CRLF. */
export const HISTORY_CSV_COLUMNS = {
  bucket: [
    'time_utc',
    'local_time',
    'serial',
    'name',
    'power_avg [W]',
    'power_max [W]',
    'energy [Wh]',
  ],
  day: ['date', 'serial', 'name', 'yield [Wh]', 'peak [W]', 'peak_time_local'],
} as const;

/**
 * Issue 35: when a grid meter recorded in the exported range (and no `serial` is asked for),
 * these columns follow (before `device`): empty on inverter rows, filled on one row per day (or
 * bucket) with an empty serial and the name `house`, whose energy is the production of all
 * inverters.
 */
export const HISTORY_CSV_GRID_COLUMNS = [
  'grid_import [Wh]',
  'grid_export [Wh]',
  'consumption [Wh]',
] as const;

/** The name of the house's row in the CSV (HISTORY_CSV_GRID_COLUMNS). */
export const HISTORY_CSV_HOUSE_NAME = 'house';

/**
 * Issue 27: on a companion in front of several devices every CSV row ends with the id of the
 * device of its inverter (all devices without `dtu=`, day by day); one device (and the
 * simulated gateway) keeps the columns above.
 */
export const HISTORY_CSV_DEVICE_COLUMN = 'device';

/** The query parameter of every history request naming the device (companion.ts DEVICE_QUERY_PARAM). */
export const HISTORY_DEVICE_PARAM = 'dtu';

//-- every JSON answer, for tests and the API description

export const HISTORY_RESPONSE_SCHEMAS = {
  'GET /api/history/range': HistoryRangeSchema,
  'GET /api/history/day': HistoryDaySchema,
  'GET /api/history/month': HistoryPeriodSchema,
  'GET /api/history/year': HistoryPeriodSchema,
  'GET /api/history/years': HistoryPeriodSchema,
} as const;
