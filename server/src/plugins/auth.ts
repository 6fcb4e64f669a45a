import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ADMIN_USERNAME } from '@heliodtu/contract/limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Admin guard: credentials always required (wire-contract §2). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** Read-only guard: open while allow_readonly is on, else the admin guard. */
    requireReadonly: preHandlerAsyncHookHandler;
    /** True when the request carries the admin credentials. */
    isAdmin(request: FastifyRequest): boolean;
  }
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Constant-time check of a Basic `Authorization` header against admin:<password>. */
export function basicAuthMatches(header: string | undefined, password: string): boolean {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  const given = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  // Hashing both sides gives equal lengths, so the comparison time does not depend on the input.
  return timingSafeEqual(digest(given), digest(`${ADMIN_USERNAME}:${password}`)) && given !== '';
}

export function sendUnauthorized(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // The web interface sends X-Requested-With so the browser shows no native login dialog.
  if (request.headers['x-requested-with'] === undefined) {
    void reply.header('WWW-Authenticate', 'Basic realm="Login Required"');
  }
  return reply.code(401).send();
}

export const authPlugin = fp(
  async (app) => {
    const isAdmin = (request: FastifyRequest) =>
      basicAuthMatches(request.headers.authorization, app.store.config.security.password);
    app.decorate('isAdmin', isAdmin);
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isAdmin(request)) return sendUnauthorized(request, reply);
    });
    app.decorate('requireReadonly', async (request: FastifyRequest, reply: FastifyReply) => {
      if (app.store.config.security.allow_readonly) return;
      if (!isAdmin(request)) return sendUnauthorized(request, reply);
    });
  },
  { name: 'auth', dependencies: ['gateway'] },
);
