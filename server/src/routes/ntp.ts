import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import {
  NO_SUN_TIME,
  NtpConfigDataSchema,
  NtpConfigDataSchemaV26,
  NtpTimeDataSchema,
  type NtpConfig,
  type NtpConfigData,
  type NtpConfigDataV26,
  type NtpStatus,
  type NtpTime,
} from '@heliodtu/contract/ntp';
import { ntpConfigProblem, ntpTimeProblem } from '@heliodtu/contract/rules/ntp-rules';
import { formatDeviceTime } from '../device/format-time.js';
import { localParts, localToEpoch } from '../device/posix-tz.js';
import { isDayPeriod, sunTimes } from '../device/sun.js';
import { zonesTable } from '../store/zones.js';

/** The zone current firmware falls back to for a name its table does not hold (our choice). */
export const UNKNOWN_ZONE_TZ = 'UTC0';

/** /api/ntp/status, /api/ntp/config and /api/ntp/time, wire-contract §4.9. */
export const ntpRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/ntp/status', { preHandler: app.requireReadonly }, async () => {
    const ntp = app.store.config.ntp;
    const now = app.clock.now();
    const synced = app.clock.isSynced();
    // Without a valid local time the device has no sun data and counts the whole day as day.
    const sun = synced
      ? sunTimes(now, ntp.latitude, ntp.longitude, ntp.sunsettype, ntp.timezone)
      : { sunrise: null, sunset: null };
    const format = (t: number | null) =>
      t === null ? NO_SUN_TIME : formatDeviceTime(t, ntp.timezone);
    const status: NtpStatus = {
      ntp_server: ntp.server,
      ntp_timezone: ntp.timezone,
      ntp_timezone_descr: ntp.timezone_descr,
      ntp_status: synced,
      ntp_localtime: formatDeviceTime(now, ntp.timezone),
      sun_risetime: format(sun.sunrise),
      sun_settime: format(sun.sunset),
      sun_isSunsetAvailable: sun.sunrise !== null && sun.sunset !== null,
      sun_isDayPeriod:
        !synced || isDayPeriod(now, ntp.latitude, ntp.longitude, ntp.sunsettype, ntp.timezone),
    };
    return status;
  });

  app.get('/api/ntp/config', { preHandler: app.requireAdmin }, async () => {
    const ntp = app.store.config.ntp;
    const config: NtpConfig = {
      ntp_server: ntp.server,
      ntp_timezone: ntp.timezone,
      ntp_timezone_descr: ntp.timezone_descr,
      longitude: ntp.longitude,
      latitude: ntp.latitude,
      sunsettype: ntp.sunsettype,
    };
    return config;
  });

  app.post('/api/ntp/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data =
      app.system.firmware === 'v26'
        ? await withZoneFromName(await request.readData(NtpConfigDataSchemaV26))
        : await request.readData(NtpConfigDataSchema);
    const problem = ntpConfigProblem(data);
    if (problem) return reply.result(problem.code, problem.param);
    // Server and zone apply at once: every reader takes them from the live config.
    const saved = await app.store.update((draft) => {
      draft.ntp.server = data.ntp_server;
      draft.ntp.timezone = data.ntp_timezone;
      draft.ntp.timezone_descr = data.ntp_timezone_descr ?? '';
      draft.ntp.latitude = data.latitude;
      draft.ntp.longitude = data.longitude;
      draft.ntp.sunsettype = data.sunsettype;
    });
    if (!saved) return reply.result(ApiCode.GenericWriteFailed);
    app.consoleLog.write('NTP settings saved', { tag: 'ntp' });
    if ('unknownZone' in data && data.unknownZone) {
      app.consoleLog.write(`Unknown time zone "${data.ntp_timezone_descr}", using UTC`, {
        level: 'W',
        tag: 'ntp',
      });
    }
    return reply.result(ApiCode.GenericSuccess);
  });

  app.get('/api/ntp/time', { preHandler: app.requireAdmin }, async () => {
    const p = localParts(app.clock.now(), app.store.config.ntp.timezone);
    const time: NtpTime = {
      ntp_status: app.clock.isSynced(),
      year: p.year,
      month: p.month,
      day: p.day,
      hour: p.hour,
      minute: p.minute,
      second: p.second,
    };
    return time;
  });

  app.post('/api/ntp/time', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(NtpTimeDataSchema);
    const problem = ntpTimeProblem(data);
    if (problem) return reply.result(problem.code, problem.param);
    const timezone = app.store.config.ntp.timezone;
    app.clock.set(localToEpoch(data, timezone));
    app.consoleLog.write(`Time set by hand to ${formatDeviceTime(app.clock.now(), timezone)}`);
    return reply.result(ApiCode.NtpTimeUpdated);
  });
};

/**
 * Current firmware (v26.3.30) does not read `ntp_timezone`: the POSIX TZ comes from the zones
 * table by `ntp_timezone_descr`. A name the table does not hold is kept and runs as UTC (the
 * simulator's choice; the console says so), so the save still succeeds as on the device.
 */
async function withZoneFromName(
  data: NtpConfigDataV26,
): Promise<NtpConfigData & { ntp_timezone_descr: string; unknownZone: boolean }> {
  const zones = await zonesTable();
  const tz = Object.hasOwn(zones, data.ntp_timezone_descr)
    ? zones[data.ntp_timezone_descr]
    : undefined;
  return { ...data, ntp_timezone: tz ?? UNKNOWN_ZONE_TZ, unknownZone: tz === undefined };
}
