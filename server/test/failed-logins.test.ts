import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_MAX, LOGIN_LOCKOUT_SECONDS } from '@heliodtu/contract/limits';
import { buildApp } from '../src/app.js';
import { ADMIN_AUTH, basicAuth, testOptions } from './helpers/build-test-app.js';
import { answerProblem } from './helpers/api-description-check.js';
import { refusedStatus, wsUrl } from './helpers/ws-client.js';

// The failed-login limit per client (a HelioDTU addition): REST and socket upgrades, with a fake
// host clock and inject()'s remoteAddress standing in for clients.

const ATTACKER = '198.51.100.7';
const NEIGHBOUR = '198.51.100.8';

let app: FastifyInstance | undefined;
let dataDir: string | undefined;
const clock = { now: Date.parse('2025-06-21T10:00:00Z') };

afterEach(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  app = undefined;
  dataDir = undefined;
});

async function gateway() {
  dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-logins-'));
  app = await buildApp({ options: testOptions(dataDir), now: () => clock.now });
  return app;
}

async function authenticate(gw: FastifyInstance, remoteAddress: string, authorization?: string) {
  const answer = await gw.inject({
    method: 'GET',
    url: '/api/security/authenticate',
    remoteAddress,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(authorization ? { authorization } : {}),
    },
  });
  // 429 is in the API description like 401.
  expect(
    answerProblem({
      method: 'GET',
      path: '/api/security/authenticate',
      status: answer.statusCode,
      contentType: answer.headers['content-type'] as string | undefined,
      contentEncoding: undefined,
      body: answer.body,
    }),
  ).toBeNull();
  return answer;
}

async function guessWrong(gw: FastifyInstance, remoteAddress: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const answer = await authenticate(gw, remoteAddress, basicAuth(`guess-${i}`));
    expect(answer.statusCode).toBe(401);
  }
}

describe('failed logins per client', () => {
  it('refuses a client with 429 and Retry-After after the limit, even with the right password', async () => {
    const gw = await gateway();
    await guessWrong(gw, ATTACKER, LOGIN_FAILURES_MAX);
    const locked = await authenticate(gw, ATTACKER, ADMIN_AUTH);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(LOGIN_LOCKOUT_SECONDS));
    expect(locked.body).toBe('');
    // Admin routes of every area are refused the same way.
    const ntp = await gw.inject({
      url: '/api/ntp/config',
      remoteAddress: ATTACKER,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(ntp.statusCode).toBe(429);
    // No credential is no try: still the plain 401.
    expect((await authenticate(gw, ATTACKER)).statusCode).toBe(401);
  });

  it('leaves other clients alone', async () => {
    const gw = await gateway();
    await guessWrong(gw, ATTACKER, LOGIN_FAILURES_MAX);
    expect((await authenticate(gw, NEIGHBOUR, basicAuth('wrong'))).statusCode).toBe(401);
    expect((await authenticate(gw, NEIGHBOUR, ADMIN_AUTH)).statusCode).toBe(200);
    expect((await authenticate(gw, ATTACKER, ADMIN_AUTH)).statusCode).toBe(429);
  });

  it('forgets the failures after a success', async () => {
    const gw = await gateway();
    await guessWrong(gw, ATTACKER, LOGIN_FAILURES_MAX - 1);
    expect((await authenticate(gw, ATTACKER, ADMIN_AUTH)).statusCode).toBe(200);
    await guessWrong(gw, ATTACKER, LOGIN_FAILURES_MAX - 1);
    expect((await authenticate(gw, ATTACKER, ADMIN_AUTH)).statusCode).toBe(200);
  });

  it('lets the client in again once the lockout has passed, with Retry-After counting down', async () => {
    const gw = await gateway();
    await guessWrong(gw, ATTACKER, LOGIN_FAILURES_MAX);
    clock.now += (LOGIN_LOCKOUT_SECONDS - 60) * 1000;
    const later = await authenticate(gw, ATTACKER, ADMIN_AUTH);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('60');
    clock.now += 60_000;
    expect((await authenticate(gw, ATTACKER, ADMIN_AUTH)).statusCode).toBe(200);
  });

  it('does not count a stale login sent again with every request', async () => {
    const gw = await gateway();
    for (let i = 0; i < LOGIN_FAILURES_MAX * 2; i += 1) {
      expect((await authenticate(gw, ATTACKER, basicAuth('old-password'))).statusCode).toBe(401);
    }
    expect((await authenticate(gw, ATTACKER, ADMIN_AUTH)).statusCode).toBe(200);
  });

  it('keeps the memory bounded under a flood of addresses', async () => {
    const gw = await gateway();
    for (let i = 0; i < 12_000; i += 1) {
      gw.failedLogins.failed(`flood-${i}`, 'guess');
    }
    expect(gw.failedLogins.size).toBeLessThanOrEqual(10_000);
  });

  it('applies to socket upgrades: failures there count, and a locked client gets 429', async () => {
    const gw = await gateway();
    const saved = await gw.inject({
      method: 'POST',
      url: '/api/security/config',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `data=${encodeURIComponent(JSON.stringify({ password: 'openDTU42', allow_readonly: false }))}`,
    });
    expect(saved.json()).toMatchObject({ code: 1001 });
    const url = await gw.listen({ port: 0, host: '127.0.0.1' });
    const refusals: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_MAX; i += 1) {
      refusals.push(
        await refusedStatus(wsUrl(url, '/livedata'), {
          headers: { authorization: basicAuth(`socket-guess-${i}`) },
        }),
      );
    }
    expect(refusals).toEqual(Array<number>(LOGIN_FAILURES_MAX).fill(401));
    // Locked now, for sockets and REST alike, though the password is right.
    expect(
      await refusedStatus(wsUrl(url, '/livedata'), { headers: { authorization: ADMIN_AUTH } }),
    ).toBe(429);
    const rest = await fetch(`${url}/api/security/authenticate`, {
      headers: { authorization: ADMIN_AUTH },
    });
    expect(rest.status).toBe(429);
    expect(rest.headers.get('retry-after')).toBe(String(LOGIN_LOCKOUT_SECONDS));
  });
});
