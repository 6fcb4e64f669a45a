import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  ADMIN_USERNAME,
  LOGIN_FAILURES_MAX,
  LOGIN_LOCKOUT_SECONDS,
} from '@heliodtu/contract/limits';
import { DigestNonces } from '../auth/digest.js';
import { clientKey, FailedLoginLimit } from './failed-login-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Admin guard: credentials always required (wire-contract §2). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** Read-only guard: open while allow_readonly is on, else the admin guard. */
    requireReadonly: preHandlerAsyncHookHandler;
    /**
     * The admin check of a request's credential (base64 of user:password; null when it has
     * none) under the failed-login limit: undefined when it is the admin's, else the 401 or
     * 429 sent. `challenge` replaces the Basic `WWW-Authenticate` of the 401 (v26 sockets).
     */
    checkAdminCredential(
      request: FastifyRequest,
      reply: FastifyReply,
      credential: string | null,
      challenge?: string,
    ): FastifyReply | undefined;
    /** Failed logins per client address. */
    failedLogins: FailedLoginLimit;
    /** The nonces of the Digest challenges on v26 sockets, on the same host clock. */
    digestNonces: DigestNonces;
  }
}

/** Clients whose failures are remembered at once: about 100 bytes each. */
const FAILED_LOGIN_CLIENTS_MAX = 10_000;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Constant-time check of a Basic `Authorization` header against admin:<password>. */
export function basicAuthMatches(header: string | undefined, password: string): boolean {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  const given = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  // Hashing both sides gives equal lengths, so the comparison time does not depend on the input.
  return timingSafeEqual(digest(given), digest(`${ADMIN_USERNAME}:${password}`)) && given !== '';
}

/** The base64 token of a Basic `Authorization` header; null without one. */
export function basicCredential(header: string | undefined): string | null {
  return /^Basic\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;
}

/** True when `credential` (base64 of user:password) is the admin's. */
export function credentialMatches(credential: string | null, password: string): boolean {
  return credential !== null && basicAuthMatches(`Basic ${credential}`, password);
}

/** A locked-out client: refused without looking at the password (a HelioDTU addition). */
export function sendTooManyTries(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply.code(429).header('Retry-After', String(retryAfterSeconds)).send();
}

/**
 * 401. With `challenge` (a v26 socket's Digest challenge) that is the `WWW-Authenticate`, always,
 * as the device sends it; else Basic unless the request says it comes from script.
 */
export function sendUnauthorized(
  request: FastifyRequest,
  reply: FastifyReply,
  challenge?: string,
): FastifyReply {
  if (challenge !== undefined) {
    void reply.header('WWW-Authenticate', challenge);
  } else if (request.headers['x-requested-with'] === undefined) {
    // The web interface sends X-Requested-With so the browser shows no native login dialog.
    void reply.header('WWW-Authenticate', 'Basic realm="Login Required"');
  }
  return reply.code(401).send();
}

export interface AuthPluginOptions {
  /** Host clock in ms for the failed-login limit; tests inject a fake one. */
  now?: () => number;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { now = Date.now }) => {
    const failedLogins = new FailedLoginLimit({
      maxFailures: LOGIN_FAILURES_MAX,
      windowMs: LOGIN_LOCKOUT_SECONDS * 1000,
      maxClients: FAILED_LOGIN_CLIENTS_MAX,
      now,
    });
    app.decorate('failedLogins', failedLogins);
    app.decorate('digestNonces', new DigestNonces(now));
    const checkAdminCredential = (
      request: FastifyRequest,
      reply: FastifyReply,
      credential: string | null,
      challenge?: string,
    ) => {
      // No credential is no login attempt: nothing to count.
      if (credential === null) return sendUnauthorized(request, reply, challenge);
      const client = clientKey(request.ip);
      const wait = failedLogins.retryAfterSeconds(client);
      if (wait > 0) return sendTooManyTries(reply, wait);
      if (credentialMatches(credential, app.store.config.security.password)) {
        failedLogins.succeeded(client);
        return undefined;
      }
      failedLogins.failed(client, credential);
      return sendUnauthorized(request, reply, challenge);
    };
    app.decorate('checkAdminCredential', checkAdminCredential);
    const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) =>
      checkAdminCredential(request, reply, basicCredential(request.headers.authorization));
    app.decorate('requireAdmin', requireAdmin);
    app.decorate('requireReadonly', async (request: FastifyRequest, reply: FastifyReply) => {
      if (app.store.config.security.allow_readonly) return;
      return requireAdmin(request, reply);
    });
  },
  { name: 'auth', dependencies: ['gateway'] },
);
