import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LOGIN_FAILURES_MAX } from '@heliodtu/contract/limits';
import { LiveDataMessageSchema, SOCKET_CLOSE_UNAUTHORIZED } from '@heliodtu/contract/ws';
import { buildApp } from '../src/app.js';
import { ADMIN_AUTH, basicAuth, buildTestGateway, testOptions } from './helpers/build-test-app.js';
import { startCompanionApp } from './helpers/companion-app.js';
import { buildLiveGateway, DEMO_SERIALS, waitFor } from './helpers/live-gateway.js';
import { openSocket, refusedStatus, wsUrl } from './helpers/ws-client.js';

/**
 * Issue 25: a v26 simulated gateway guards /livedata and /console with Digest while read-only
 * access is off, as current OpenDTU does (wire-current §2). Real HTTP and the `ws` client; the
 * answers are computed here with plain MD5, so the gateway is checked against the rule, not
 * against its own code.
 */

const PASSWORD = 'openDTU42';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

type Params = Record<string, string>;

function params(header: string): Params {
  const found: Params = {};
  for (const match of header.matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    found[match[1]!] = match[2] ?? match[3] ?? '';
  }
  return found;
}

/** The refusal of an upgrade: its status and WWW-Authenticate header. */
async function refusal(url: string, headers: Record<string, string> = {}) {
  try {
    const socket = await openSocket(url, { headers });
    socket.ws.close();
  } catch (error) {
    const { status, headers: answer } = error as {
      status?: number;
      headers?: Record<string, string>;
    };
    if (status !== undefined) return { status, challenge: answer?.['www-authenticate'] ?? '' };
    throw error;
  }
  throw new Error('upgrade was accepted');
}

/** A Digest answer for `uri` to the challenge `header`, with the RFC's hashing (qop=auth). */
function answer(
  header: string,
  uri: string,
  {
    password = PASSWORD,
    user = 'admin',
    nonce,
  }: { password?: string; user?: string; nonce?: string } = {},
): string {
  const c = params(header);
  const n = nonce ?? c['nonce']!;
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  const ha1 = md5(`${user}:${c['realm']}:${password}`);
  const ha2 = md5(`GET:${uri}`);
  const response = md5(`${ha1}:${n}:${nc}:${cnonce}:auth:${ha2}`);
  return (
    `Digest username="${user}", realm="${c['realm']}", nonce="${n}", uri="${uri}", ` +
    `algorithm=MD5, response="${response}", qop=auth, nc=${nc}, cnonce="${cnonce}", ` +
    `opaque="${c['opaque']}"`
  );
}

/** The challenge of `path`, answered: the Authorization header for the next upgrade. */
async function digestFor(url: string, socketPath: string, password = PASSWORD) {
  const { status, challenge } = await refusal(wsUrl(url, socketPath));
  expect(status).toBe(401);
  return answer(challenge, socketPath, { password });
}

async function lockGateway(post: (data: unknown) => Promise<Record<string, unknown>>) {
  expect(await post({ password: PASSWORD, allow_readonly: false })).toMatchObject({ code: 1001 });
}

async function v26Locked() {
  const gw = await buildLiveGateway({ simFirmware: 'v26' });
  await lockGateway((data) => gw.post('/api/security/config', data));
  return gw;
}

describe('v26 sockets with read-only access off: Digest', () => {
  it('challenges an upgrade without credentials, realm per socket, as the device does', async () => {
    const gw = await v26Locked();
    for (const [socketPath, realm] of [
      ['/livedata', 'live websocket'],
      ['/console', 'console websocket'],
    ] as const) {
      const { status, challenge } = await refusal(wsUrl(gw.url, socketPath));
      expect(status).toBe(401);
      expect(challenge).toMatch(/^Digest /);
      const c = params(challenge);
      expect(c).toMatchObject({ realm, qop: 'auth', algorithm: 'MD5' });
      expect(c['nonce']).toMatch(/^[\w-]{20,}$/);
      expect(c['opaque']).toMatch(/^[0-9a-f]{32}$/);
    }
    // A new nonce per challenge.
    const again = await refusal(wsUrl(gw.url, '/livedata'));
    const first = await refusal(wsUrl(gw.url, '/livedata'));
    expect(params(again.challenge)['nonce']).not.toBe(params(first.challenge)['nonce']);
  });

  it('connects with the right answer: live data and console lines arrive', async () => {
    const gw = await v26Locked();
    const live = await openSocket(wsUrl(gw.url, '/livedata'), {
      headers: { authorization: await digestFor(gw.url, '/livedata') },
    });
    const text = await live.next();
    expect(DEMO_SERIALS).toContain(
      LiveDataMessageSchema.parse(JSON.parse(text)).inverters[0]!.serial,
    );
    const consoleSocket = await openSocket(wsUrl(gw.url, '/console'), {
      headers: { authorization: await digestFor(gw.url, '/console') },
    });
    gw.app.consoleLog.write('digest check line');
    await consoleSocket.next((line) => line.includes('digest check line'));
  });

  it('refuses a wrong password with a new challenge, and counts it toward the failed-login limit', async () => {
    const gw = await v26Locked();
    const refusals: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_MAX; i += 1) {
      const authorization = await digestFor(gw.url, '/livedata', `wrong-${i}`);
      const { status, challenge } = await refusal(wsUrl(gw.url, '/livedata'), { authorization });
      expect(challenge).toMatch(/^Digest realm="live websocket"/);
      refusals.push(status);
    }
    expect(refusals).toEqual(Array<number>(LOGIN_FAILURES_MAX).fill(401));
    // Locked now, though the next answer is right: the same limit as REST.
    const right = await digestFor(gw.url, '/livedata');
    expect(
      await refusedStatus(wsUrl(gw.url, '/livedata'), { headers: { authorization: right } }),
    ).toBe(429);
    const rest = await gw.request('GET', '/api/security/authenticate');
    expect(rest.status).toBe(429);
  });

  it('refuses a nonce it never issued, an answer for another path and a wrong user', async () => {
    const gw = await v26Locked();
    const { challenge } = await refusal(wsUrl(gw.url, '/livedata'));
    const forged = answer(challenge, '/livedata', {
      nonce: Buffer.alloc(24, 7).toString('base64url'),
    });
    const otherPath = answer(challenge, '/console');
    const otherUser = answer(challenge, '/livedata', { user: 'root' });
    for (const authorization of [forged, otherPath, otherUser]) {
      expect(await refusedStatus(wsUrl(gw.url, '/livedata'), { headers: { authorization } })).toBe(
        401,
      );
    }
    // The same challenge answered properly still works: nothing above was taken for it.
    const socket = await openSocket(wsUrl(gw.url, '/livedata'), {
      headers: { authorization: answer(challenge, '/livedata') },
    });
    await socket.next();
  });

  it('refuses Basic, as the device does, and takes the `auth` parameter of our interface', async () => {
    const gw = await v26Locked();
    const basic = await refusal(wsUrl(gw.url, '/livedata'), { authorization: ADMIN_AUTH });
    expect(basic.status).toBe(401);
    expect(basic.challenge).toMatch(/^Digest /);
    const token = encodeURIComponent(ADMIN_AUTH.slice('Basic '.length));
    const socket = await openSocket(wsUrl(gw.url, `/livedata?auth=${token}`));
    await socket.next();
    const wrong = encodeURIComponent(basicAuth('not-it').slice('Basic '.length));
    const refused = await refusal(wsUrl(gw.url, `/console?auth=${wrong}`));
    expect(refused.status).toBe(401);
    expect(refused.challenge).toMatch(/^Digest realm="console websocket"/);
  });

  it('closes a Digest client when the password changes, and keeps it while it stays', async () => {
    const gw = await v26Locked();
    const socket = await openSocket(wsUrl(gw.url, '/livedata'), {
      headers: { authorization: await digestFor(gw.url, '/livedata') },
    });
    await socket.next();
    // The same password saved again: the client still passes.
    await lockGateway((data) => gw.post('/api/security/config', data));
    await socket.next(() => true, 5000, socket.messages.length);
    const changed = await gw.request('POST', '/api/security/config', {
      data: { password: 'Another-Pass-1', allow_readonly: false },
    });
    expect(await changed.json()).toMatchObject({ code: 1001 });
    expect(await socket.closed()).toBe(SOCKET_CLOSE_UNAUTHORIZED);
  });

  it('leaves the sockets open while read-only access is on', async () => {
    const gw = await buildLiveGateway({ simFirmware: 'v26' });
    const socket = await openSocket(wsUrl(gw.url, '/livedata'));
    await socket.next();
  });
});

describe('v26 Digest nonces expire', () => {
  let app: FastifyInstance | undefined;
  const clock = { now: Date.parse('2025-06-21T10:00:00Z') };

  it('answers a stale nonce with stale=true and counts no failed login', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-digest-'));
    app = await buildApp({
      options: testOptions(dataDir, { simFirmware: 'v26' }),
      now: () => clock.now,
    });
    onTestFinished(async () => {
      await app?.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/security/config',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `data=${encodeURIComponent(JSON.stringify({ password: PASSWORD, allow_readonly: false }))}`,
    });
    expect(saved.json()).toMatchObject({ code: 1001 });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const { challenge } = await refusal(wsUrl(url, '/livedata'));
    clock.now += 61_000;
    const stale = await refusal(wsUrl(url, '/livedata'), {
      authorization: answer(challenge, '/livedata'),
    });
    expect(stale.status).toBe(401);
    expect(params(stale.challenge)).toMatchObject({ stale: 'true' });
    expect(app.failedLogins.size).toBe(0);
    // The fresh nonce of that answer works.
    const socket = await openSocket(wsUrl(url, '/console'), {
      headers: { authorization: await digestFor(url, '/console') },
    });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });
});

describe('v24 sockets with read-only access off: unchanged', () => {
  it('take Basic and the `auth` parameter, challenge with Basic, and refuse a Digest answer', async () => {
    const gw = await buildTestGateway({ simFirmware: 'v24' });
    await lockGateway((data) => gw.post('/api/security/config', data));
    const plain = await refusal(wsUrl(gw.url, '/livedata'));
    expect(plain).toEqual({ status: 401, challenge: 'Basic realm="Login Required"' });
    const basic = await openSocket(wsUrl(gw.url, '/livedata'), {
      headers: { authorization: ADMIN_AUTH },
    });
    expect(basic.ws.readyState).toBe(basic.ws.OPEN);
    const token = encodeURIComponent(ADMIN_AUTH.slice('Basic '.length));
    await openSocket(wsUrl(gw.url, `/console?auth=${token}`));
    const digest = answer(
      'Digest realm="live websocket", nonce="n", opaque="o", qop="auth"',
      '/livedata',
    );
    expect(
      await refusedStatus(wsUrl(gw.url, '/livedata'), { headers: { authorization: digest } }),
    ).toBe(401);
  });
});

describe('the companion in front of a v26 device with read-only access off', () => {
  it("gets the device's live data through its Digest client and serves it to browsers", async () => {
    const DEVICE_PASSWORD = 'Device-Digest-26';
    const device = await buildLiveGateway({ simFirmware: 'v26' });
    await lockGateway((data) =>
      device.post('/api/security/config', { ...(data as object), password: DEVICE_PASSWORD }),
    );
    // The device refuses Basic on its sockets: only a Digest answer gets the companion in.
    expect(
      await refusedStatus(wsUrl(device.url, '/livedata'), {
        headers: { authorization: basicAuth(DEVICE_PASSWORD) },
      }),
    ).toBe(401);
    const { url } = await startCompanionApp(device.url, DEVICE_PASSWORD);
    const browser = await openSocket(wsUrl(url, '/livedata'));
    const serials = new Set<string>();
    await waitFor(
      async () => {
        for (const text of browser.messages) {
          const message = LiveDataMessageSchema.parse(JSON.parse(text));
          for (const inverter of message.inverters) serials.add(inverter.serial);
        }
        return DEMO_SERIALS.every((serial) => serials.has(serial));
      },
      10_000,
      "every device inverter on the companion's socket",
    );
    // The probe of the device's firmware runs beside the socket: its answer may come second.
    let status: { devices: { git_hash: string | null; reachable: boolean; problem: unknown }[] };
    await waitFor(
      async () => {
        status = (await (await fetch(`${url}/api/companion/status`)).json()) as typeof status;
        return status.devices[0]?.git_hash !== null;
      },
      10_000,
      "the device's firmware in the companion's status",
    );
    expect(status!.devices[0]).toMatchObject({
      git_hash: 'v26.3.30',
      reachable: true,
      problem: null,
    });
  });
});
