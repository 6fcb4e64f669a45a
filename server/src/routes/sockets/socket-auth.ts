import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ADMIN_USERNAME } from '@heliodtu/contract/limits';
import { SOCKET_AUTH_SCHEME } from '@heliodtu/contract/domain/firmware-generation';
import { SOCKET_AUTH_QUERY_PARAM } from '@heliodtu/contract/ws';
import {
  checkDigestAnswer,
  digestChallengeHeader,
  digestResponse,
  parseDigestAnswer,
  type DigestAnswer,
} from '../../auth/digest.js';
import {
  basicCredential,
  credentialMatches,
  sendTooManyTries,
  sendUnauthorized,
} from '../../plugins/auth.js';
import { clientKey } from '../../plugins/failed-login-limit.js';

/**
 * Socket authentication (contract ws.ts). The reference firmware's socket guard is ineffective
 * (wire-contract §2); ours is the read-only guard, checked before the upgrade, in the scheme of
 * the simulated generation (SOCKET_AUTH_SCHEME):
 * - v24: Basic (`ws://user:pass@host` in the `ws` library) or our `auth` query parameter;
 * - v26: a Digest challenge as current firmware sends (realms "live websocket" and "console
 *   websocket", MD5, qop=auth), which browsers answer from the URL's credentials. Basic is
 *   refused there as the device refuses it. Our `auth` parameter (a HelioDTU extension for
 *   browsers, which may drop userinfo) keeps working: when present it alone decides, so each
 *   upgrade gets one verdict and a known-wrong parameter cannot carry on guessing by Digest.
 * A companion guards its own login and keeps the v24 scheme: it is no simulated v26 device.
 */

/** The realm of each socket's Digest challenge, as OpenDTU names them. */
export const SOCKET_DIGEST_REALMS: Readonly<Record<string, string>> = {
  '/livedata': 'live websocket',
  '/console': 'console websocket',
};

/** What a connected client proved, checked again when the password changes; null for nothing. */
export type SocketCredential = { matches(password: string): boolean } | null;

/** 'digest' on a simulated v26 gateway, else 'basic'. */
export function socketAuthScheme(app: FastifyInstance): 'basic' | 'digest' {
  return app.system.options.companion ? 'basic' : SOCKET_AUTH_SCHEME[app.system.firmware];
}

function authParameter(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[SOCKET_AUTH_QUERY_PARAM];
  const text = Array.isArray(value) ? value[0] : value;
  // A '+' of base64 sent unencoded arrives as a space; base64 itself has none.
  return typeof text === 'string' && text !== '' ? text.replace(/ /g, '+') : null;
}

const basicMatcher = (token: string | null): SocketCredential =>
  token === null ? null : { matches: (password) => credentialMatches(token, password) };

/** A Digest answer checked again with another password: the same hashing, nonce aside. */
function digestMatcher(answer: DigestAnswer, method: string, uri: string): SocketCredential {
  return {
    matches: (password) =>
      answer.username === ADMIN_USERNAME &&
      digestResponse({
        user: ADMIN_USERNAME,
        realm: answer.realm,
        password,
        algorithm: 'MD5',
        nonce: answer.nonce,
        method,
        uri,
        qop: 'auth',
        nc: answer.nc,
        cnonce: answer.cnonce,
      }) === answer.response.toLowerCase(),
  };
}

/**
 * The credential a socket upgrade carries in the gateway's scheme. v24: the Basic token of the
 * Authorization header, else the `auth` parameter. v26: the `auth` parameter, else the Digest
 * answer (Basic does not count).
 */
export function socketCredential(app: FastifyInstance, request: FastifyRequest): SocketCredential {
  if (socketAuthScheme(app) === 'basic') {
    return basicMatcher(basicCredential(request.headers.authorization) ?? authParameter(request));
  }
  const parameter = authParameter(request);
  if (parameter !== null) return basicMatcher(parameter);
  const answer = parseDigestAnswer(request.headers.authorization);
  return answer ? digestMatcher(answer, request.method, request.url) : null;
}

/** Whether a client with `credential` may stay connected under the current security settings. */
export function socketAllowed(app: FastifyInstance, credential: SocketCredential): boolean {
  const { allow_readonly, password } = app.store.config.security;
  return allow_readonly || credential?.matches(password) === true;
}

/**
 * preHandler for socket routes: 401 before the upgrade unless allowed, 429 for a client locked
 * out by its failed logins (the same limit as REST). On v26 every 401 carries a new Digest
 * challenge; a wrong password counts as a failed login as with Basic, a stale nonce with the
 * right password is answered with `stale=true` and counts nothing.
 */
export function socketGuard(app: FastifyInstance): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (app.store.config.security.allow_readonly) return;
    if (socketAuthScheme(app) === 'basic') {
      const credential = basicCredential(request.headers.authorization) ?? authParameter(request);
      return app.checkAdminCredential(request, reply, credential);
    }
    const realm = SOCKET_DIGEST_REALMS[request.routeOptions.url ?? ''] ?? 'websocket';
    const challenge = (stale = false) => digestChallengeHeader(realm, app.digestNonces, stale);
    const parameter = authParameter(request);
    if (parameter !== null) return app.checkAdminCredential(request, reply, parameter, challenge());
    const answer = parseDigestAnswer(request.headers.authorization);
    // No answer (or Basic, which v26 refuses) is no login attempt: nothing to count.
    if (!answer) return sendUnauthorized(request, reply, challenge());
    const client = clientKey(request.ip);
    const wait = app.failedLogins.retryAfterSeconds(client);
    if (wait > 0) return sendTooManyTries(reply, wait);
    const verdict = checkDigestAnswer(answer, {
      realm,
      user: ADMIN_USERNAME,
      password: app.store.config.security.password,
      method: request.method,
      uri: request.url,
      nonces: app.digestNonces,
    });
    if (verdict === 'accepted') {
      app.failedLogins.succeeded(client);
      return;
    }
    // Every Digest guess hashes differently, so each wrong one is a new failure.
    if (verdict === 'wrong') app.failedLogins.failed(client, `digest ${answer.response}`);
    return sendUnauthorized(request, reply, challenge(verdict === 'stale'));
  };
}
