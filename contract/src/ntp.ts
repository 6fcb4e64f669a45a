import { z } from 'zod';
import { wire } from './wire.js';

/**
 * NTP and time, wire-contract §4.9 and spec §3 "NTP settings".
 *
 * Choices where the firmware is silent or loose (documented here, applied by the server):
 * - SPEC_STRICTER: latitude outside −90..90, longitude outside −180..180 and a sunsettype
 *   other than 0..3 answer 1005 ("Values are missing!"): there is no dedicated code. These
 *   checks run after the firmware's own (1005 kinds, 9001, 9002, 9003), so a client that the
 *   firmware would answer 900x gets the same code here.
 * - ntp_timezone_descr missing (or null) passes, as on the device, but is stored as '' rather
 *   than the device's literal "null". Present but not a string → 1005 (the device would store
 *   its text form).
 * - Before the clock is synchronised, ntp_localtime and GET /api/ntp/time still carry the
 *   device's running clock (the firmware leaves them undefined); ntp_status tells them apart.
 *   The sun fields then read "--", sun_isSunsetAvailable false and sun_isDayPeriod true.
 */

/** Sun-set types and their zeniths (inverter-domain §9.2); UI labels as spelled by the interface. */
export const SUNSET_TYPE_NAMES = ['OFFICIAL', 'NAUTICAL', 'CIVIL', 'ASTONOMICAL'] as const;
/** Zenith in degrees per sunsettype (official 90.833° as the device's library computes it). */
export const SUNSET_ZENITH = [90.833, 102, 96, 108] as const;
/** What sun_risetime / sun_settime read when there is no such event or no valid time. */
export const NO_SUN_TIME = '--';

//-- GET /api/ntp/config, POST /api/ntp/config (wire-contract §4.9)

export const NtpConfigSchema = z.object({
  ntp_server: z.string(),
  ntp_timezone: z.string(),
  ntp_timezone_descr: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  sunsettype: z.number().int(),
});
export type NtpConfig = z.infer<typeof NtpConfigSchema>;

/** POST /api/ntp/config data: the kind checks answering 1005. */
export const NtpConfigDataSchema = z.object({
  ntp_server: wire.string(),
  ntp_timezone: wire.string(),
  ntp_timezone_descr: wire.string().nullish(),
  longitude: wire.number(),
  latitude: wire.number(),
  sunsettype: wire.uint8(),
});
export type NtpConfigData = z.infer<typeof NtpConfigDataSchema>;

/**
 * Current firmware (v26.3.30) no longer reads `ntp_timezone`: it looks the POSIX TZ up by
 * `ntp_timezone_descr` in its zones table (GET /api/ntp/zones), so the name is what counts.
 * A client sends both fields to either generation.
 */
export const NtpConfigDataSchemaV26 = NtpConfigDataSchema.extend({
  /** Ignored by v26.3.30. */
  ntp_timezone: wire.string().optional(),
  /** The zone's name, e.g. "Europe/Berlin". */
  ntp_timezone_descr: wire.string(),
});
export type NtpConfigDataV26 = z.infer<typeof NtpConfigDataSchemaV26>;

/** GET /api/ntp/zones (v26.3.30 only) and /zones.json: IANA name → POSIX TZ string. */
export const NtpZonesSchema = z.record(z.string(), z.string());
export type NtpZones = z.infer<typeof NtpZonesSchema>;

//-- GET /api/ntp/status (wire-contract §4.9)

export const NtpStatusSchema = z.object({
  ntp_server: z.string(),
  ntp_timezone: z.string(),
  ntp_timezone_descr: z.string(),
  /** Local time available (synchronised or set by hand). */
  ntp_status: z.boolean(),
  /** "Monday, November 18 2024 14:03:22" in the configured zone. */
  ntp_localtime: z.string(),
  /** Same format, or "--". */
  sun_risetime: z.string(),
  sun_settime: z.string(),
  sun_isSunsetAvailable: z.boolean(),
  /** True when there is no valid sun data. */
  sun_isDayPeriod: z.boolean(),
});
export type NtpStatus = z.infer<typeof NtpStatusSchema>;

//-- GET /api/ntp/time, POST /api/ntp/time (wire-contract §4.9)

/** Local wall time in the configured zone. */
export const NtpTimeDataSchema = z.object({
  year: wire.uint32(),
  month: wire.uint32(),
  day: wire.uint32(),
  hour: wire.uint32(),
  minute: wire.uint32(),
  second: wire.uint32(),
});
export type NtpTimeData = z.infer<typeof NtpTimeDataSchema>;

export const NtpTimeSchema = NtpTimeDataSchema.extend({ ntp_status: z.boolean() });
export type NtpTime = z.infer<typeof NtpTimeSchema>;
