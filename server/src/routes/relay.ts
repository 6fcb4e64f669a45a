import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_PATH_PREFIX } from '@heliodtu/contract/companion';
import { isCompanionOwnPath } from '@heliodtu/contract/domain/device-path';
import { DEVICE_AWAY_SINCE_HEADER, DEVICE_PROBLEM_HEADER } from '@heliodtu/contract/device-problem';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { DeviceRegistry } from '../device/relay/device-registry.js';
import type { RelayResult } from '../device/relay/device-relay.js';
import { mergedHints, mergedTotal } from '../device/relay/merged-live.js';
import { bodyWithOwnPasswordHint } from '../device/relay/own-login-hint.js';
import { familiesOf, mergedMetrics, withoutFamilies } from '../metrics/merged-metrics.js';
import { houseMetrics } from '../metrics/house-metrics.js';
import { relayGuard } from '../device/relay/relay-guards.js';
import { formatSerialHex, parseSerialHex } from '@heliodtu/contract/domain/serial-hex';
import { forward, send } from './relay-forward.js';
import { invParam, settingBodyAndSerial } from './relay-named-inverter.js';
import { deviceParam, deviceParamGuard } from './sockets/device-sockets.js';

/**
 * HelioDTU's own endpoints that are never the device's: answered by the companion, or, when
 * switched off (HISTORY=off), not found as on a gateway without them, never relayed.
 */

/** Upstream reads many browsers make at once are shared for this long (issue 24). */
export const RELAY_CACHE_MS = 1000;
/** The reads every open interface polls (live view, footer and System info). */
const LIVE_DATA_STATUS = '/api/livedata/status';
const CACHED_READS = [LIVE_DATA_STATUS, '/api/system/status'];
/** Reads keyed by serial that cover every inverter: several devices' answers are joined. */
const BY_SERIAL_READS = ['/api/limit/status', '/api/power/status'];
/** Settings of one inverter whose body names it (`data` → `serial`). */
const SERIAL_IN_BODY = ['/api/limit/config', '/api/power/config'];
const PROMETHEUS_PATH = '/api/prometheus/metrics';
/** An owner's limit: read whole so export control learns which inverter it was for. */
const LIMIT_CONFIG_PATH = '/api/limit/config';

/** `/dtu/<id>` at the start of a path. */
const DEVICE_PREFIX = new RegExp(`^${DEVICE_PATH_PREFIX}[^/?]+`);

/**
 * Every OpenDTU API request the companion does not answer itself goes to a device: checked
 * first against the device's auth matrix with the companion's own login, then sent with the
 * stored credentials. Registered by app.ts only in companion mode; the companion's login
 * (security), the history and the API description are answered locally by their own routes,
 * which win over the wildcard.
 *
 * Several devices (issue 27): `/dtu/<id>/api/…` reaches exactly that device. Unprefixed, the
 * live data covers every device, a request naming an inverter (`inv=` or the serial in a limit
 * or power body) goes to the device holding it, anything else to the first device.
 */
export const relayRoutes: FastifyPluginAsync<{ registry: DeviceRegistry }> = async (
  app,
  { registry },
) => {
  // Bodies stay unread, so that a form post or an upload streams on to the device as it came.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  /** The path and query as the device sees them: without a `/dtu/<id>` prefix. */
  const devicePathOf = (request: FastifyRequest) => request.url.replace(DEVICE_PREFIX, '');
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = devicePathOf(request).split('?')[0] ?? '';
    if (isCompanionOwnPath(path)) return reply.callNotFound();
    const check =
      relayGuard(request.method, path) === 'readonly' ? app.requireReadonly : app.requireAdmin;
    return check.call(app, request, reply);
  };
  const prefixed = { preHandler: [deviceParamGuard(registry), guard] };
  const named = (request: FastifyRequest) => registry.get(deviceParam(request))!.companion;
  const first = () => registry.first!.companion;

  /** A live data read of one device: its answer, or its last one aged while it is away. */
  const liveRead = async (
    companion: DeviceCompanion,
    pathAndQuery: string,
  ): Promise<{ result: RelayResult; kept?: { headers: Record<string, string>; body: Buffer } }> => {
    const result = await companion.relay.cachedGet(pathAndQuery, RELAY_CACHE_MS);
    if (result.ok) {
      if (result.status === 200) companion.lastLive.keep(pathAndQuery, result);
      return { result };
    }
    companion.lastLive.failed();
    const kept = companion.lastLive.aged(pathAndQuery);
    return kept ? { result, kept } : { result };
  };

  /** One device's live data answer, as issue 24 made it; tagged with the device when several. */
  const sendLive = async (
    reply: FastifyReply,
    companion: DeviceCompanion,
    pathAndQuery: string,
  ) => {
    const tag = registry.size > 1 ? companion.id : undefined;
    // The default-password hint is about the companion's login, not the device's.
    const withOwnHint = (body: Buffer) =>
      tagged(bodyWithOwnPasswordHint(body, companion.ownDefaultPassword()), tag);
    const { result, kept } = await liveRead(companion, pathAndQuery);
    if (result.ok) return send(reply, companion, { ...result, body: withOwnHint(result.body) });
    // The device is away: its last figures, aged to now and marked, keep the live view going.
    if (!kept) return send(reply, companion, result);
    const since = companion.awaySince ?? companion.now();
    return reply
      .code(200)
      .headers(kept.headers)
      .header('cache-control', 'no-store')
      .header(DEVICE_PROBLEM_HEADER, result.problem.code)
      .header(DEVICE_AWAY_SINCE_HEADER, String(Math.floor(since / 1000)))
      .send(withOwnHint(kept.body));
  };

  /** Every device's live data list in one answer: inverters tagged, totals added up. */
  const sendMergedLive = async (reply: FastifyReply, pathAndQuery: string) => {
    const devices = registry.list();
    const reads = await Promise.all(
      devices.map(async (device) => {
        const { result, kept } = await liveRead(device.companion, pathAndQuery);
        const body = result.ok && result.status === 200 ? result.body : kept?.body;
        return { device, status: body ? parseObject(body) : undefined };
      }),
    );
    const answered = reads.filter((read) => read.status);
    // No device answered: the first one's answer says why.
    if (answered.length === 0) return sendLive(reply, first(), pathAndQuery);
    const defaultPassword = first().ownDefaultPassword();
    const merged = {
      inverters: answered.flatMap(({ device, status }) =>
        (Array.isArray(status!['inverters']) ? (status!['inverters'] as unknown[]) : []).map(
          (inverter) => (isObject(inverter) ? { ...inverter, dtu: device.id } : inverter),
        ),
      ),
      total: mergedTotal(answered.flatMap(({ status }) => objectOrNone(status!['total']))),
      hints: {
        ...mergedHints(answered.flatMap(({ status }) => objectOrNone(status!['hints']))),
        default_password: defaultPassword,
      },
    };
    return reply.code(200).header('cache-control', 'no-store').send(merged);
  };

  /** The device holding the inverter a request names, else the first device. */
  const holderOf = (serial: string | undefined) =>
    (serial ? registry.holderOf(serial)?.companion : undefined) ?? first();

  // What every browser polls: one upstream request per second and query at most.
  for (const path of CACHED_READS) {
    app.get(path, { preHandler: guard }, async (request, reply) => {
      if (path !== LIVE_DATA_STATUS) {
        return send(reply, first(), await first().relay.cachedGet(request.url, RELAY_CACHE_MS));
      }
      if (registry.size === 1) return sendLive(reply, first(), request.url);
      const serial = invParam(request);
      if (serial === undefined) return sendMergedLive(reply, request.url);
      return sendLive(reply, holderOf(serial), request.url);
    });
    app.get(`${DEVICE_PATH_PREFIX}:dtu${path}`, prefixed, async (request, reply) => {
      const companion = named(request);
      const pathAndQuery = devicePathOf(request);
      if (path === LIVE_DATA_STATUS) return sendLive(reply, companion, pathAndQuery);
      return send(reply, companion, await companion.relay.cachedGet(pathAndQuery, RELAY_CACHE_MS));
    });
  }

  // Reads of every inverter keyed by serial: each device's inverters, the first holder winning.
  for (const path of BY_SERIAL_READS) {
    app.get(path, { preHandler: guard }, async (request, reply) => {
      if (registry.size === 1) return forward(request, reply, first(), request.url);
      const answers = await Promise.all(
        registry.list().map((device) => device.companion.relay.forward('GET', request.url)),
      );
      const objects = answers.flatMap((answer) =>
        answer.ok && answer.status === 200 ? objectOrNone(parseObject(answer.body)) : [],
      );
      if (objects.length === 0) return send(reply, first(), answers[0]!);
      return reply.code(200).send(Object.assign({}, ...objects.reverse()));
    });
  }

  // Several devices: one scrape of every device's metrics, each sample with its `dtu` label.
  app.get(PROMETHEUS_PATH, { preHandler: guard }, async (request, reply) => {
    // The house's grid meter and export control (issue 35) are the companion's own.
    const house = houseMetrics(app);
    if (registry.size === 1 && house === '') return forward(request, reply, first(), request.url);
    const devices = registry.list();
    const answers = await Promise.all(
      devices.map((device) => device.companion.relay.forward('GET', PROMETHEUS_PATH)),
    );
    if (registry.size === 1) {
      const answer = answers[0]!;
      if (!(answer.ok && answer.status === 200))
        return forward(request, reply, first(), request.url);
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(withoutFamilies(answer.body.toString('utf8'), familiesOf(house)) + house);
    }
    const own = familiesOf(house);
    const text =
      house +
      mergedMetrics(
        devices.map((device, i) => {
          const answer = answers[i]!;
          return {
            id: device.id,
            text:
              answer.ok && answer.status === 200
                ? withoutFamilies(answer.body.toString('utf8'), own)
                : null,
          };
        }),
      );
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(text);
  });

  /**
   * After a device took an owner's limit (interface, API): export control pauses that inverter
   * (issue 35). Its own commands go to the device directly, never through these routes.
   */
  const noteManualLimit =
    (companion: DeviceCompanion, serial: string | null) => (result: RelayResult) => {
      if (!serial || !result.ok || result.status !== 200) return;
      if (parseObject(result.body)?.['type'] !== 'success') return;
      app.exportControl?.manualLimit(companion.id, formatSerialHex(parseSerialHex(serial)));
    };

  for (const path of SERIAL_IN_BODY) {
    app.post(path, { preHandler: guard }, async (request, reply) => {
      const limit = path === LIMIT_CONFIG_PATH;
      if (registry.size === 1 && !limit) return forward(request, reply, first(), request.url);
      const { body, serial } = await settingBodyAndSerial(request);
      const holder = registry.size === 1 ? first() : holderOf(serial ?? undefined);
      const noted = limit ? noteManualLimit(holder, serial) : undefined;
      return forward(request, reply, holder, request.url, body ?? undefined, noted);
    });
  }
  app.post(`${DEVICE_PATH_PREFIX}:dtu${LIMIT_CONFIG_PATH}`, prefixed, async (request, reply) => {
    const companion = named(request);
    const { body, serial } = await settingBodyAndSerial(request);
    const noted = noteManualLimit(companion, serial);
    return forward(request, reply, companion, devicePathOf(request), body ?? undefined, noted);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/*',
    preHandler: guard,
    handler: async (request, reply) => {
      const serial = request.method === 'GET' ? invParam(request) : undefined;
      return forward(request, reply, holderOf(serial), request.url);
    },
  });
  app.route({
    method: ['GET', 'POST'],
    url: `${DEVICE_PATH_PREFIX}:dtu/api/*`,
    ...prefixed,
    handler: async (request, reply) =>
      forward(request, reply, named(request), devicePathOf(request)),
  });
};

/** A live data body with each inverter tagged with its device; unchanged without a tag. */
function tagged(body: Buffer, deviceId: string | undefined): Buffer {
  if (deviceId === undefined) return body;
  const status = parseObject(body);
  if (!status || !Array.isArray(status['inverters'])) return body;
  const inverters = (status['inverters'] as unknown[]).map((inverter) =>
    isObject(inverter) ? { ...inverter, dtu: deviceId } : inverter,
  );
  return Buffer.from(JSON.stringify({ ...status, inverters }));
}

function parseObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function objectOrNone<T>(value: unknown): T[] {
  return isObject(value) ? [value as T] : [];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
