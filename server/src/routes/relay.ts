import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_AWAY_SINCE_HEADER, DEVICE_PROBLEM_HEADER } from '@heliodtu/contract/device-problem';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { RelayResult } from '../device/relay/device-relay.js';
import { bodyWithOwnPasswordHint } from '../device/relay/own-login-hint.js';
import { relayGuard } from '../device/relay/relay-guards.js';

/**
 * HelioDTU's own endpoints that are never the device's: answered by the companion, or, when
 * switched off (HISTORY=off), not found as on a gateway without them, never relayed.
 */
const LOCAL_ONLY = /^\/api\/(history|companion)(\/|$)/;

/** Upstream reads many browsers make at once are shared for this long (issue 24). */
export const RELAY_CACHE_MS = 1000;
/** The reads every open interface polls (live view, footer and System info). */
const LIVE_DATA_STATUS = '/api/livedata/status';
const CACHED_READS = [LIVE_DATA_STATUS, '/api/system/status'];

/**
 * Every OpenDTU API request the companion does not answer itself goes to the device: checked
 * first against the device's auth matrix with the companion's own login, then sent with the
 * stored credentials. Registered by app.ts only in companion mode; the companion's login
 * (security), the history and the API description are answered locally by their own routes,
 * which win over the wildcard.
 */
export const relayRoutes: FastifyPluginAsync<{ companion: DeviceCompanion }> = async (
  app,
  { companion },
) => {
  // Bodies stay unread, so that a form post or an upload streams on to the device as it came.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (LOCAL_ONLY.test(path)) return reply.callNotFound();
    const check =
      relayGuard(request.method, path) === 'readonly' ? app.requireReadonly : app.requireAdmin;
    return check.call(app, request, reply);
  };

  // What every browser polls: one upstream request per second and query at most.
  for (const path of CACHED_READS) {
    app.get(path, { preHandler: guard }, async (request, reply) => {
      const result = await companion.relay.cachedGet(request.url, RELAY_CACHE_MS);
      if (path !== LIVE_DATA_STATUS) return send(reply, companion, result);
      // The default-password hint is about the companion's login, not the device's.
      const withOwnHint = (body: Buffer) =>
        bodyWithOwnPasswordHint(body, companion.ownDefaultPassword());
      if (result.ok) {
        if (result.status === 200) companion.lastLive.keep(request.url, result);
        return send(reply, companion, { ...result, body: withOwnHint(result.body) });
      }
      // The device is away: its last figures, aged to now and marked, keep the live view going.
      companion.lastLive.failed();
      const kept = companion.lastLive.aged(request.url);
      if (!kept) return send(reply, companion, result);
      const since = companion.awaySince ?? Date.now();
      return reply
        .code(200)
        .headers(kept.headers)
        .header('cache-control', 'no-store')
        .header(DEVICE_PROBLEM_HEADER, result.problem.code)
        .header(DEVICE_AWAY_SINCE_HEADER, String(Math.floor(since / 1000)))
        .send(withOwnHint(kept.body));
    });
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/*',
    preHandler: guard,
    handler: async (request, reply) => {
      const method = request.method === 'POST' ? 'POST' : 'GET';
      const { 'content-type': contentType, 'content-length': contentLength } = request.headers;
      const result = await companion.relay.forward(method, request.url, {
        ...(contentType ? { contentType } : {}),
        ...(contentLength ? { contentLength } : {}),
        ...(method === 'POST' ? { body: request.raw } : {}),
      });
      companion.relayed(method, request.url.split('?')[0] ?? '', result);
      return send(reply, companion, result);
    },
  });
};

function send(reply: FastifyReply, companion: DeviceCompanion, result: RelayResult): FastifyReply {
  if (!result.ok) {
    // The marker tells the interface the companion answered: the device is the one away.
    return reply
      .code(result.status)
      .type('application/json')
      .header(DEVICE_PROBLEM_HEADER, result.problem.code)
      .send({
        type: 'danger',
        message: result.problem.message,
        device: companion.id,
        problem: result.problem.code,
      });
  }
  return reply.code(result.status).headers(result.headers).send(result.body);
}
