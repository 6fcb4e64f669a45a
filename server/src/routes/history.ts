import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  HISTORY_EXPORT_MAX_DAYS,
  HISTORY_RESOLUTIONS,
  HISTORY_YEAR_MAX,
  HISTORY_YEAR_MIN,
  dayNumber,
  daysInMonth,
  parseHistoryDate,
  parseHistoryMonth,
  parseHistoryYear,
  type HistoryErrorCode,
  type HistoryResolution,
} from '@heliodtu/contract/domain/history-dates';
import { HISTORY_PATHS } from '@heliodtu/contract/domain/history-paths';
import {
  HISTORY_DEVICE_PARAM,
  type HistoryDay,
  type HistoryError,
  type HistoryPeriod,
  type HistoryRange,
} from '@heliodtu/contract/history';
import { formatSerialHex, parseSerialHex } from '@heliodtu/contract/wire';
import { mergeDays, mergePeriods, mergeRanges, type DeviceAnswer } from '../history/all-devices.js';
import { csvChunks } from '../history/csv.js';
import { withGridDay, withGridPeriod } from '../history/grid-answers.js';
import { dayView, orderedInverters, periodView, type QueryContext } from '../history/queries.js';
import { queryParam } from './query-param.js';

/** A 400 with its reason (issue 14): thrown by the parsers below, answered by the routes. */
class BadQuery extends Error {
  constructor(
    readonly error: HistoryErrorCode,
    readonly reason: string,
    readonly param: string,
  ) {
    super(reason);
  }
}

const YEARS = `between ${HISTORY_YEAR_MIN} and ${HISTORY_YEAR_MAX}`;

function dateParam(request: FastifyRequest, name: string, fallback?: number): number {
  const text = queryParam(request, name);
  if (text === '' && fallback !== undefined) return fallback;
  const date = parseHistoryDate(text);
  if (!date) throw new BadQuery('bad_date', `${name} must be a date YYYY-MM-DD ${YEARS}`, name);
  return dayNumber(date);
}

/** The gateway's history API (issue 14, a HelioDTU extension): readable like live data. */
export const historyRoutes: FastifyPluginAsync = async (app) => {
  const history = app.history;
  if (!history) return;
  // On a companion the inverters are a device's: those it sent live data for since start.
  // Several devices (issue 27): `dtu` names one; without it all devices answer together (an
  // inverter asked for: the first device holding it). A removed device's history stays
  // readable by its id.
  const registry = app.devices;
  const namedDevice = (request: FastifyRequest): string | null => {
    const given = queryParam(request, HISTORY_DEVICE_PARAM);
    if (!registry) return history.device;
    if (given === '') return null;
    const known =
      registry.get(given) !== undefined ||
      given === history.device ||
      history.db.inverters(given).length > 0;
    if (!known) {
      throw new BadQuery(
        'unknown_device',
        `no device ${given} in the history`,
        HISTORY_DEVICE_PARAM,
      );
    }
    return given;
  };
  /** The devices answered: one, or every device in order when several and none named. */
  const devicesOf = (request: FastifyRequest): string[] => {
    const named = namedDevice(request);
    if (named !== null) return [named];
    const ids = registry?.list().map((device) => device.id) ?? [];
    if (ids.length === 0) return [history.device];
    const serial = serialText(request);
    if (serial !== undefined && ids.length > 1) {
      const holder = ids.find((id) => knownSerial(id, serial));
      return [holder ?? ids[0]!];
    }
    return ids;
  };
  const deviceOf = (request: FastifyRequest): string => devicesOf(request)[0]!;
  const present = (device: string) =>
    registry
      ? (registry.get(device)?.companion.live.inverterSerials() ?? [])
      : app.store.config.inverters
          .filter((slot) => slot.serial !== 0)
          .sort((a, b) => a.order - b.order)
          .map((slot) => formatSerialHex(BigInt(slot.serial)));
  const knownSerial = (device: string, serial: string) =>
    present(device).includes(serial) ||
    history.db.inverters(device).some((i) => i.serial === serial);

  /** `serial` normalised, unchecked. */
  const serialText = (request: FastifyRequest): string | undefined => {
    const text = queryParam(request, 'serial');
    if (text === '') return undefined;
    const value = parseSerialHex(text);
    return value === 0n ? '' : formatSerialHex(value);
  };
  /** `serial` normalised; unknown (no history, not configured) is a 400. */
  const serialParam = (request: FastifyRequest): string | undefined => {
    const serial = serialText(request);
    if (serial === undefined) return undefined;
    if (!knownSerial(deviceOf(request), serial)) {
      throw new BadQuery(
        'unknown_inverter',
        `no inverter ${queryParam(request, 'serial')} in the history`,
        'serial',
      );
    }
    return serial;
  };

  const answer = async <T>(reply: FastifyReply, build: () => T): Promise<T | FastifyReply> => {
    try {
      return build();
    } catch (error) {
      if (!(error instanceof BadQuery)) throw error;
      const body: HistoryError = { error: error.error, reason: error.reason, param: error.param };
      return reply.code(400).send(body);
    }
  };
  /**
   * A query on every device `request` answers for: one answer as it is, several merged
   * (history/all-devices.ts).
   */
  const readAll = <T>(
    request: FastifyRequest,
    query: (ctx: QueryContext) => T,
    merge: (parts: DeviceAnswer<T>[]) => T,
  ): T => {
    const devices = devicesOf(request);
    const parts = devices.map((device) => ({
      device,
      answer: history.read(present(device), query, device),
    }));
    return parts.length === 1 ? parts[0]!.answer : merge(parts);
  };
  /**
   * The house's grid flow (issue 35) goes on answers covering every inverter: no `serial`, and
   * all devices (or the only one). Read after the production, from the main store.
   */
  const houseWide = (request: FastifyRequest) =>
    serialText(request) === undefined && devicesOf(request).length >= (registry?.size ?? 1);
  const withGrid = <T>(request: FastifyRequest, answer: T, add: (a: T) => T): T =>
    houseWide(request) ? history.read([], () => add(answer)) : answer;
  const todayOf = (request: FastifyRequest) =>
    history.calendar(deviceOf(request)).dayOf(app.clock.now());
  const periodWithGrid = (
    request: FastifyRequest,
    answer: HistoryPeriod,
    from: number,
    to: number,
    keyOf: (date: string) => string,
  ) =>
    withGrid(request, answer, (a) =>
      withGridPeriod(a, history.db.grid, history.calendar(), from, to, keyOf),
    );
  const opts = { preHandler: app.requireReadonly };

  app.get(HISTORY_PATHS.range, opts, async (request, reply) =>
    answer(reply, (): HistoryRange => {
      const today = () => todayOf(request);
      return readAll(
        request,
        (ctx) => {
          const range = ctx.store.dayRange(ctx.device);
          return {
            version: 1,
            tz: ctx.calendar.tz,
            today: ctx.calendar.dateOf(today()),
            first_day: range ? ctx.calendar.dateOf(range.first) : null,
            last_day: range ? ctx.calendar.dateOf(range.last) : null,
            bucket_minutes: 5,
            retention_days: history.retentionDays,
            recording: history.recording,
            inverters: orderedInverters(ctx).map((i) => ({
              serial: i.serial,
              name: i.name,
              present: i.present,
              strings: i.strings.map((name, index) => ({ index, name })),
            })),
          };
        },
        mergeRanges,
      );
    }),
  );

  app.get(HISTORY_PATHS.day, opts, async (request, reply) =>
    answer(reply, (): HistoryDay => {
      const day = dateParam(request, 'date', todayOf(request));
      const serial = serialParam(request);
      const strings = ['1', 'true'].includes(queryParam(request, 'strings'));
      const calendar = history.calendar(deviceOf(request));
      const production = readAll(
        request,
        (ctx) => dayView(ctx, day, { serial, strings }),
        (parts) => mergeDays(parts, (ms) => calendar.clockOf(ms)),
      );
      return withGrid(request, production, (a) => withGridDay(a, history.db.grid, day));
    }),
  );

  app.get(HISTORY_PATHS.month, opts, async (request, reply) =>
    answer(reply, (): HistoryPeriod => {
      const text = queryParam(request, 'month');
      const month = parseHistoryMonth(text);
      if (!month) throw new BadQuery('bad_month', `month must be YYYY-MM ${YEARS}`, 'month');
      const from = dayNumber({ ...month, day: 1 });
      const to = from + daysInMonth(month.year, month.month) - 1;
      const keyOf = (date: string) => date;
      const production = readAll(
        request,
        (ctx) => periodView(ctx, 'month', text, from, to, keyOf),
        mergePeriods,
      );
      return periodWithGrid(request, production, from, to, keyOf);
    }),
  );

  app.get(HISTORY_PATHS.year, opts, async (request, reply) =>
    answer(reply, (): HistoryPeriod => {
      const text = queryParam(request, 'year');
      const year = parseHistoryYear(text);
      if (year === null) throw new BadQuery('bad_year', `year must be YYYY ${YEARS}`, 'year');
      const from = dayNumber({ year, month: 1, day: 1 });
      const to = dayNumber({ year, month: 12, day: 31 });
      const keyOf = (date: string) => date.slice(0, 7);
      const production = readAll(
        request,
        (ctx) => periodView(ctx, 'year', text, from, to, keyOf),
        mergePeriods,
      );
      return periodWithGrid(request, production, from, to, keyOf);
    }),
  );

  app.get(HISTORY_PATHS.years, opts, async (request, reply) =>
    answer(reply, (): HistoryPeriod => {
      const keyOf = (date: string) => date.slice(0, 4);
      const production = readAll(
        request,
        (ctx) => {
          const range = ctx.store.dayRange(ctx.device) ?? { first: 0, last: -1 };
          return periodView(ctx, 'years', 'lifetime', range.first, range.last, keyOf);
        },
        mergePeriods,
      );
      const grid = history.db.grid.dayRange() ?? { first: 0, last: -1 };
      return periodWithGrid(request, production, grid.first, grid.last, keyOf);
    }),
  );

  app.get(HISTORY_PATHS.export, opts, async (request, reply) =>
    answer(reply, () => {
      const from = dateParam(request, 'from');
      const to = dateParam(request, 'to');
      const text = queryParam(request, 'resolution') || 'day';
      if (!(HISTORY_RESOLUTIONS as readonly string[]).includes(text)) {
        throw new BadQuery('bad_resolution', 'resolution must be bucket or day', 'resolution');
      }
      const resolution = text as HistoryResolution;
      if (to < from) throw new BadQuery('bad_range', 'to is before from', 'to');
      const max = HISTORY_EXPORT_MAX_DAYS[resolution];
      if (to - from + 1 > max) {
        throw new BadQuery('range_too_large', `at most ${max} days per ${resolution} export`, 'to');
      }
      const serial = serialParam(request);
      const contexts = devicesOf(request).map((device) =>
        history.read(present(device), (c) => c, device),
      );
      const grid = houseWide(request)
        ? { rows: history.db.grid, calendar: history.calendar() }
        : undefined;
      const name = `heliodtu-history-${queryParam(request, 'from')}_${queryParam(request, 'to')}-${resolution}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(
          Readable.from(
            csvChunks(contexts, from, to, resolution, serial, (registry?.size ?? 0) > 1, grid),
          ),
        );
    }),
  );
};
