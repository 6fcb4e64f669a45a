import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import { CompanionStatusSchema } from '@heliodtu/contract/companion';
import { DEVICE_AWAY_SINCE_HEADER, DEVICE_PROBLEM_HEADER } from '@heliodtu/contract/device-problem';
import { HISTORY_RESPONSE_SCHEMAS } from '@heliodtu/contract/history';
import { buildApp } from '../src/app.js';
import { relayGuard } from '../src/device/relay/relay-guards.js';
import { TABLE } from './auth-matrix-table.js';
import { ADMIN_AUTH, basicAuth, testOptions } from './helpers/build-test-app.js';
import { startCompanionApp, type CompanionApp } from './helpers/companion-app.js';
import { startCountingProxy, type CountingProxy } from './helpers/counting-proxy.js';
import {
  startGatewayProcess,
  lockGatewayProcess,
  type GatewayProcess,
} from './helpers/gateway-process.js';
import { DEMO_SERIALS, HM_SERIAL, waitFor } from './helpers/live-gateway.js';
import { freePort } from './helpers/mosquitto.js';
import { openSocket, wsUrl, type TestSocket } from './helpers/ws-client.js';

/**
 * Issue 24, the companion wired into the gateway: a real device process (our gateway in
 * simulation mode, read-only access off, its own password) behind a TCP proxy that counts what
 * reaches it, and the companion in front, built as main.ts builds it with DTU_URL set.
 */

const DEVICE_PASSWORD = 'Device-Pass-77';
const DEVICE_AUTH = basicAuth(DEVICE_PASSWORD);
const SIM_ENV = {
  SIM_FLEET: 'demo',
  SIM_START: '2025-06-21T12:00:00',
  SIM_SPEED: '20',
  HISTORY: 'off',
};

let device: GatewayProcess;
let proxy: CountingProxy;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  device = await startGatewayProcess({ env: SIM_ENV, onFinished: (c) => cleanups.push(c) });
  await lockGatewayProcess(device, DEVICE_PASSWORD);
  proxy = await startCountingProxy(device.port, (c) => cleanups.push(c));
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The companion of `deviceUrl` (the counting proxy unless told). */
const startCompanion = (deviceUrl = proxy.url, password = DEVICE_PASSWORD, history = false) =>
  startCompanionApp(deviceUrl, password, { history });

const form = (data: unknown) => {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  return body;
};

const deviceGet = async (urlPath: string) =>
  fetch(device.url + urlPath, { headers: { authorization: DEVICE_AUTH } });

describe('the companion: start', () => {
  it('prints the device it found, reading the password from DTU_PASSWORD_FILE', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-credential-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'dtu-password');
    await writeFile(file, `${DEVICE_PASSWORD}\n`);
    const companion = await startGatewayProcess({
      env: { DTU_URL: device.url, DTU_PASSWORD_FILE: file, HISTORY: 'off' },
    });
    const line = await waitFor(
      () => /^Companion: .*$/m.exec(companion.output())?.[0],
      10_000,
      'the start line',
    );
    expect(line).toBe(
      `Companion: found OpenDTU v24.11.7 (generic_esp32, v24 wire) named ${await hostname()} at ${device.url}`,
    );
    expect(companion.output()).not.toContain(DEVICE_PASSWORD);
    // No simulated fleet of its own: the inverters are the device's.
    const list = await fetch(`${companion.url}/api/inverter/list`, {
      headers: { authorization: ADMIN_AUTH },
    });
    expect(await list.text()).toBe(await (await deviceGet('/api/inverter/list')).text());
  }, 60_000);

  it('says a wrong password in one plain line and keeps running', async () => {
    const wrong = 'Wrong-Pass-13';
    const companion = await startGatewayProcess({
      env: { DTU_URL: device.url, DTU_PASSWORD: wrong, HISTORY: 'off' },
    });
    const line = await waitFor(
      () => /^Companion: .*$/m.exec(companion.output())?.[0],
      10_000,
      'the start line',
    );
    expect(line).toBe(
      `Companion: ${device.url} refused the password (401): check the device's admin password; ` +
        'still running, retrying',
    );
    expect(companion.output()).not.toContain(wrong);
    expect(companion.output()).not.toMatch(/Error:|\.ts:\d/);
    const own = await fetch(`${companion.url}/api/security/authenticate`, {
      headers: { authorization: ADMIN_AUTH },
    });
    expect(own.status).toBe(200);
    expect(companion.child.exitCode).toBeNull();
  }, 60_000);
});

async function hostname(): Promise<string> {
  const status = (await (await deviceGet('/api/system/status')).json()) as { hostname: string };
  return status.hostname;
}

describe('the companion: live data', () => {
  it('serves 50 browser sockets from one socket to the device', async () => {
    const companion = await startCompanion();
    await waitFor(() => proxy.openSockets('/livedata') === 1, 10_000);
    const browsers: TestSocket[] = await Promise.all(
      Array.from({ length: 50 }, () => openSocket(wsUrl(companion.url, '/livedata'))),
    );
    for (const browser of browsers) {
      for (const serial of DEMO_SERIALS) {
        const text = await browser.next((t) => t.includes(`"serial":"${serial}"`), 10_000);
        const message = JSON.parse(text) as { inverters: { serial: string }[] };
        expect(message.inverters.map((i) => i.serial)).toEqual([serial]);
      }
    }
    expect(proxy.openSockets('/livedata')).toBe(1);
    // The same frames keep coming to every browser, still from the one device socket.
    const from = browsers.map((b) => b.messages.length);
    await Promise.all(browsers.map((b, i) => b.next(() => true, 5000, from[i])));
    expect(proxy.openSockets('/livedata')).toBe(1);
  }, 60_000);

  it('asks the device for live data and system status at most once a second per query', async () => {
    const companion = await startCompanion();
    // The start probe (a system status request of its own) is done before counting.
    await waitFor(() => companion.app.companion!.probed);
    const before = proxy.count('GET', '/api/livedata/status');
    const ask = (query: string) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          companion.fetch(`/api/livedata/status${query}`, { auth: null }),
        ),
      );
    const [all, one] = await Promise.all([ask(''), ask(`?inv=${HM_SERIAL}`)]);
    for (const answer of [...all, ...one]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const bodies = await Promise.all(all.map((a) => a.json() as Promise<{ inverters: unknown[] }>));
    expect(bodies[0]?.inverters).toHaveLength(3);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const single = (await one[0]!.json()) as { inverters: { serial: string; AC?: unknown }[] };
    expect(single.inverters.map((i) => i.serial)).toEqual([HM_SERIAL]);
    expect(single.inverters[0]?.AC).toBeDefined();
    expect(proxy.count('GET', '/api/livedata/status') - before).toBe(2);
    const statusBefore = proxy.count('GET', '/api/system/status');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => companion.fetch('/api/system/status', { auth: null })),
    );
    expect(statuses.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(proxy.count('GET', '/api/system/status') - statusBefore).toBe(1);
    // After a second the next browser gets fresh data: one more request.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await companion.fetch('/api/livedata/status', { auth: null })).status).toBe(200);
    expect(proxy.count('GET', '/api/livedata/status') - before).toBe(3);
  }, 30_000);
});

describe('the companion: device away and back', () => {
  it('keeps the browsers connected while the device restarts, then relays again', async () => {
    // A device of its own: killing the shared one would disturb the other tests.
    const own = await startGatewayProcess({ env: SIM_ENV });
    const companion = await startCompanion(own.url, 'openDTU42');
    const browser = await openSocket(wsUrl(companion.url, '/livedata'));
    await browser.next((t) => t.includes(HM_SERIAL), 10_000);
    await own.kill();
    const away = await companion.fetch('/api/ntp/config');
    expect(away.status).toBe(503);
    expect(((await away.json()) as { message: string }).message).toMatch(/refused the connection/);
    await waitFor(() => companion.app.companion!.link.state === 'away', 5000, 'the link away');
    // While away the browsers keep the last data (the fan-out repeats it), no new frames come.
    const live = companion.app.companion!.live;
    let fresh = 0;
    live.on('update', () => fresh++);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fresh).toBe(0);
    await own.start();
    await waitFor(() => fresh >= 3, 15_000, 'frames from the restarted device');
    const from = browser.messages.length;
    await browser.next((t) => t.includes(HM_SERIAL), 5000, from);
    expect(browser.ws.readyState).toBe(browser.ws.OPEN);
    expect((await companion.fetch('/api/ntp/config')).status).toBe(200);
  }, 60_000);
});

describe('the companion: firmware after an outage', () => {
  it('asks the device who it is again when it is back (it may have been upgraded)', async () => {
    const own = await startGatewayProcess({ env: SIM_ENV });
    const ownProxy = await startCountingProxy(own.port);
    const companion = await startCompanion(ownProxy.url, 'openDTU42');
    const { companion: dtu } = companion.app;
    await waitFor(() => dtu!.probed?.ok, 10_000, 'the start probe');
    expect(ownProxy.count('GET', '/api/system/status')).toBe(1);
    await own.kill();
    await waitFor(() => dtu!.link.state === 'away', 5000, 'the link away');
    await own.start();
    await waitFor(
      () => ownProxy.count('GET', '/api/system/status') === 2,
      15_000,
      'the probe after the outage',
    );
    await waitFor(() => dtu!.link.state === 'connected', 5000, 'the link back');
    expect(dtu!.probed).toMatchObject({ ok: true, gitHash: 'v24.11.7' });
    const status = await companion.app.inject({ method: 'GET', url: '/api/companion/status' });
    expect(JSON.parse(status.body)).toMatchObject({ devices: [{ git_hash: 'v24.11.7' }] });
    // The same firmware as before is no news: the start line is not repeated.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const found = companion.app.consoleLog
      .backlog()
      .filter((l) => l.startsWith('Companion: found'));
    expect(found).toHaveLength(1);
  }, 60_000);
});

describe('the companion: live reads while the device is away', () => {
  interface LiveBody {
    inverters: { serial: string; data_age: number; AC?: unknown }[];
    hints: { default_password: boolean };
  }

  it('answers the last live data with its ages grown and marked stale, 503 when none came', async () => {
    const own = await startGatewayProcess({ env: SIM_ENV });
    const companion = await startCompanion(own.url, 'openDTU42');
    const list = `/api/livedata/status`;
    const one = `/api/livedata/status?inv=${HM_SERIAL}`;
    const askedAt = Date.now();
    const [listBefore, oneBefore] = await Promise.all(
      [list, one].map(async (urlPath): Promise<LiveBody> => {
        const answer = await companion.fetch(urlPath, { auth: null });
        expect(answer.status).toBe(200);
        expect(answer.headers.get(DEVICE_AWAY_SINCE_HEADER)).toBeNull();
        return (await answer.json()) as LiveBody;
      }),
    );
    const answeredAt = Date.now();
    await own.kill();
    const killedAt = Math.floor(Date.now() / 1000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const kept: [string, LiveBody][] = [
      [list, listBefore!],
      [one, oneBefore!],
    ];
    for (const [urlPath, before] of kept) {
      const from = Date.now();
      const answer = await companion.fetch(urlPath, { auth: null });
      const to = Date.now();
      expect(answer.status).toBe(200);
      expect(answer.headers.get(DEVICE_PROBLEM_HEADER)).toBe('refused');
      const since = Number(answer.headers.get(DEVICE_AWAY_SINCE_HEADER));
      expect(since).toBeGreaterThanOrEqual(killedAt);
      expect(since).toBeLessThanOrEqual(Math.ceil(to / 1000));
      const after = (await answer.json()) as LiveBody;
      expect(after.inverters.map((i) => i.serial)).toEqual(before.inverters.map((i) => i.serial));
      for (const [i, inverter] of after.inverters.entries()) {
        const grown = inverter.data_age - before.inverters[i]!.data_age;
        expect(grown).toBeGreaterThanOrEqual(Math.floor((from - answeredAt) / 1000));
        expect(grown).toBeLessThanOrEqual(Math.ceil((to - askedAt) / 1000));
      }
      // Still the companion's own hint, and the full object for one inverter.
      expect(after.hints.default_password).toBe(true);
      if (urlPath === one) expect(after.inverters[0]?.AC).toBeDefined();
    }
    // A query never answered has nothing to show: the device problem, as before.
    const never = await companion.fetch(`/api/livedata/status?inv=${DEMO_SERIALS[1]}`);
    expect(never.status).toBe(503);
    expect(never.headers.get(DEVICE_PROBLEM_HEADER)).toBe('refused');
  }, 60_000);
});

describe('the companion: REST relay', () => {
  it("checks every relayed endpoint with the device's guard (wire-contract §2.1)", () => {
    // Answered by the companion itself: its login, language packs, history, its status, alerts,
    // the grid meter and export control, the API description.
    const local =
      /^\/api\/(security|i18n|history|companion|alerts|gridmeter|exportcontrol|openapi|asyncapi|docs)\b/;
    const relayed = TABLE.filter(
      (row) => row.method !== 'WS' && !row.fallback && row.path.startsWith('/api/'),
    ).filter((row) => !local.test(row.path));
    expect(relayed.length).toBeGreaterThan(30);
    for (const row of relayed) {
      const path = row.path.split('?')[0] ?? '';
      expect([row.method, path, relayGuard(row.method, path)]).toEqual([
        row.method,
        path,
        row.guard,
      ]);
    }
    expect(relayGuard('GET', '/api/some/newer/endpoint')).toBe('admin');
    expect(relayGuard('POST', '/api/livedata/status')).toBe('admin');
  });

  it('answers a relayed GET exactly as the device does', async () => {
    const companion = await startCompanion();
    for (const urlPath of ['/api/ntp/config', '/api/dtu/config', '/api/inverter/list']) {
      const [relayed, direct] = await Promise.all([companion.fetch(urlPath), deviceGet(urlPath)]);
      expect(relayed.status).toBe(direct.status);
      expect(relayed.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      expect(await relayed.text()).toBe(await direct.text());
    }
  }, 30_000);

  it('passes a form POST on: the NTP setting shows in the device config', async () => {
    const companion = await startCompanion();
    const ntp = (await (await deviceGet('/api/ntp/config')).json()) as Record<string, unknown>;
    const changed = { ...ntp, ntp_server: 'ntp.companion.test' };
    const answer = await companion.fetch('/api/ntp/config', {
      method: 'POST',
      body: form(changed),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ type: 'success' });
    expect(await (await deviceGet('/api/ntp/config')).json()).toMatchObject({
      ntp_server: 'ntp.companion.test',
    });
    await waitFor(async () =>
      (await readFile(path.join(device.dataDir, 'config.json'), 'utf8')).includes(
        'ntp.companion.test',
      ),
    );
  }, 30_000);

  it('streams a multipart upload on: the device reads it and its answer comes back', async () => {
    const companion = await startCompanion();
    // No ?file=: the device reads the whole upload, then refuses it without a restart.
    const upload = () => {
      const body = new FormData();
      body.append('config', new Blob(['{"x":"' + 'y'.repeat(200_000) + '"}']), 'config.json');
      return body;
    };
    const relayed = await companion.fetch('/api/file/upload', { method: 'POST', body: upload() });
    const direct = await fetch(`${device.url}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: DEVICE_AUTH },
      body: upload(),
    });
    expect(relayed.status).toBe(500);
    expect(relayed.status).toBe(direct.status);
    expect(relayed.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    expect(await relayed.text()).toBe(await direct.text());
  }, 30_000);

  it('refuses a POST without the companion login before it reaches the device', async () => {
    const companion = await startCompanion();
    const before = proxy.count('POST', '/api/ntp/config');
    const ntp = await (await deviceGet('/api/ntp/config')).text();
    for (const auth of [null, DEVICE_AUTH]) {
      const answer = await companion.fetch('/api/ntp/config', {
        method: 'POST',
        auth,
        body: form({ ...(JSON.parse(ntp) as object), ntp_server: 'evil.test' }),
      });
      expect(answer.status).toBe(401);
    }
    // A read the device guards is refused too, while the read-only ones stay open.
    expect((await companion.fetch('/api/ntp/config', { auth: null })).status).toBe(401);
    expect((await companion.fetch('/api/system/status', { auth: null })).status).toBe(200);
    expect(proxy.count('POST', '/api/ntp/config')).toBe(before);
    expect(await (await deviceGet('/api/ntp/config')).text()).toBe(ntp);
  }, 30_000);

  it('answers 503 with a plain message while the device is away, and keeps serving', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const companion = await startCompanion(nowhere);
    for (const urlPath of ['/api/ntp/config', '/api/livedata/status']) {
      const answer = await companion.fetch(urlPath);
      expect(answer.status).toBe(503);
      // Marked, so the interface tells the companion answering from the device being away.
      expect(answer.headers.get(DEVICE_PROBLEM_HEADER)).toBe('refused');
      const body = (await answer.json()) as { message: string; problem: string };
      expect(body).toMatchObject({ type: 'danger', device: 'dtu', problem: 'refused' });
      expect(body.message).toBe(`${nowhere} refused the connection: nothing listens on that port`);
    }
    // The companion's own answers go on.
    expect((await companion.fetch('/api/security/authenticate')).status).toBe(200);
  }, 30_000);

  it('says a wrong stored password with a 502 and its plain message, never passing a 401 on', async () => {
    const companion = await startCompanion(proxy.url, 'not-the-password');
    const answer = await companion.fetch('/api/ntp/config');
    expect(answer.status).toBe(502);
    expect(answer.headers.get(DEVICE_PROBLEM_HEADER)).toBe('wrong-password');
    const body = JSON.stringify(await answer.json());
    expect(body).toContain("refused the password (401): check the device's admin password");
    expect(body).not.toContain('not-the-password');
    expect(answer.headers.get('www-authenticate')).toBeNull();
  }, 30_000);

  it('never relays its own history endpoints, also with the history off', async () => {
    const companion = await startCompanion();
    const before = proxy.count('GET', '/api/history/range');
    const answer = await companion.fetch('/api/history/range', { auth: null });
    // Unknown here, as any API path neither it nor the device has: a JSON 404 (issue 34), and
    // the interface hides History.
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: ApiCodeCompanion.ApiPathUnknown });
    expect(proxy.count('GET', '/api/history/range')).toBe(before);
  }, 30_000);

  it('keeps its own login: the security settings stay local', async () => {
    const companion = await startCompanion();
    const before = proxy.count('GET', '/api/security/config');
    const config = (await (await companion.fetch('/api/security/config')).json()) as {
      password: string;
    };
    expect(config.password).toBe('openDTU42');
    // Settings → Security changes the companion's password; the device keeps its own.
    const saved = await companion.fetch('/api/security/config', {
      method: 'POST',
      body: form({ password: 'Companion-New-1', allow_readonly: true }),
    });
    expect(await saved.json()).toMatchObject({ type: 'success' });
    expect((await companion.fetch('/api/ntp/config')).status).toBe(401);
    const withNew = await companion.fetch('/api/ntp/config', {
      auth: basicAuth('Companion-New-1'),
    });
    expect(withNew.status).toBe(200);
    expect((await deviceGet('/api/ntp/config')).status).toBe(200);
    expect(proxy.count('GET', '/api/security/config')).toBe(before);
    expect(proxy.count('POST', '/api/security/config')).toBe(0);
  }, 30_000);
});

describe('the companion: default-password hint', () => {
  const hintOf = (text: string) =>
    (JSON.parse(text) as { hints: { default_password: boolean } }).hints.default_password;

  it("follows the companion's own login, not the device's, on REST and the socket", async () => {
    const companion = await startCompanion();
    // The device has a password of its own; the companion still has the default one.
    expect(hintOf(await (await deviceGet('/api/livedata/status')).text())).toBe(false);
    const restHint = async () =>
      hintOf(await (await companion.fetch('/api/livedata/status', { auth: null })).text());
    expect(await restHint()).toBe(true);
    const browser = await openSocket(wsUrl(companion.url, '/livedata'));
    const frame = async () =>
      browser.next((t) => t.includes(HM_SERIAL), 10_000, browser.messages.length);
    expect(hintOf(await frame())).toBe(true);
    const saved = await companion.fetch('/api/security/config', {
      method: 'POST',
      body: form({ password: 'Companion-New-2', allow_readonly: true }),
    });
    expect(await saved.json()).toMatchObject({ type: 'success' });
    expect(await restHint()).toBe(false);
    expect(hintOf(await frame())).toBe(false);
  }, 30_000);
});

describe('the companion: its status for the interface', () => {
  const status = async (app: FastifyInstance) => {
    const answer = await app.inject({ method: 'GET', url: '/api/companion/status' });
    return { status: answer.statusCode, type: answer.headers['content-type'], body: answer.body };
  };

  it('names the device, its firmware and that it is reachable, never the password', async () => {
    const companion = await startCompanion();
    const body = await waitFor(
      async () => {
        const answer = await status(companion.app);
        const parsed = CompanionStatusSchema.parse(JSON.parse(answer.body));
        return parsed.devices[0]?.reachable && parsed.devices[0].git_hash ? answer.body : undefined;
      },
      10_000,
      'the device reachable',
    );
    expect(JSON.parse(body)).toEqual({
      companion: true,
      devices: [
        {
          id: 'dtu',
          url: proxy.url,
          git_hash: 'v24.11.7',
          reachable: true,
          unreachable_since: null,
          problem: null,
          name: 'dtu',
          origin: 'env',
          connected_since: expect.any(Number),
          inverter_count: expect.any(Number),
          // The device has a password of its own (its hint); the companion's is another matter.
          default_password: false,
          source: 'http',
        },
      ],
    });
    expect(body).not.toContain(DEVICE_PASSWORD);
    // Answered by the companion itself: the device is not asked.
    expect(proxy.count('GET', '/api/companion/status')).toBe(0);
  }, 30_000);

  it('says since when a device cannot be reached', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const before = Math.floor(Date.now() / 1000);
    const companion = await startCompanion(nowhere);
    const device = await waitFor(
      async () => {
        const parsed = CompanionStatusSchema.parse(JSON.parse((await status(companion.app)).body));
        return parsed.devices[0]?.unreachable_since === null ? undefined : parsed.devices[0];
      },
      10_000,
      'the device away',
    );
    expect(device).toMatchObject({ url: nowhere, git_hash: null, reachable: false });
    expect(device?.unreachable_since).toBeGreaterThanOrEqual(before);
    expect(device?.unreachable_since).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  }, 30_000);

  const problemOf = async (app: FastifyInstance) =>
    waitFor(
      async () =>
        CompanionStatusSchema.parse(JSON.parse((await status(app)).body)).devices[0]?.problem ??
        undefined,
      10_000,
      'a device problem',
    );

  it('says a wrong stored password in plain words, never the password', async () => {
    const companion = await startCompanion(proxy.url, 'Not-The-Pass-9');
    expect(await problemOf(companion.app)).toEqual({
      code: 'wrong-password',
      message: `${proxy.url} refused the password (401): check the device's admin password`,
    });
    expect((await status(companion.app)).body).not.toContain('Not-The-Pass-9');
  }, 30_000);

  it('says a web server that is not an OpenDTU in plain words', async () => {
    const page = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Router</title><h1>Welcome</h1>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => page.close(() => resolve())));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    const companion = await startCompanion(url);
    const problem = await waitFor(async () => {
      const found = await problemOf(companion.app);
      // The probe's reading of the page, once it came.
      return companion.app.companion!.probed ? found : undefined;
    });
    expect(problem).toEqual({
      code: 'not-opendtu',
      message: `${url} answers with a web page: not an OpenDTU at this address`,
    });
  }, 30_000);

  it('says "no companion" on the simulated gateway', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-simulated-'));
    const app = await buildApp({ options: testOptions(dataDir) });
    onTestFinished(async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const answer = await status(app);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ companion: false, devices: [] });
  });
});

/** Until every device inverter has a producing bucket on disk (the first poll may read 0 W). */
async function waitForRecorded(companion: CompanionApp): Promise<void> {
  const history = companion.app.history!;
  await waitFor(
    () => {
      history.flush();
      const inverters = history.db.inverters(history.device);
      return (
        inverters.length === DEMO_SERIALS.length &&
        inverters.every((i) => history.db.buckets(i.id, 0, 2e9).length > 0)
      );
    },
    15_000,
    'a recorded poll of every inverter',
  );
}

describe('the companion: history', () => {
  it('records the relayed live data, so the day view shows the device inverters', async () => {
    const companion = await startCompanion(proxy.url, DEVICE_PASSWORD, true);
    await waitForRecorded(companion);
    const range = (await (await companion.fetch('/api/history/range')).json()) as {
      today: string;
    };
    const day = HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
      await (await companion.fetch(`/api/history/day?date=${range.today}`)).json(),
    );
    expect(day.inverters.map((i) => i.serial).sort()).toEqual([...DEMO_SERIALS].sort());
    for (const inverter of day.inverters) expect(inverter.points.length).toBeGreaterThan(0);
    // The device's inverters are present ones, not removed ones: the companion has no inverters
    // of its own configured.
    const known = HISTORY_RESPONSE_SCHEMAS['GET /api/history/range'].parse(
      await (await companion.fetch('/api/history/range')).json(),
    );
    expect(known.inverters.map((i) => [i.serial, i.present]).sort()).toEqual(
      [...DEMO_SERIALS].sort().map((serial) => [serial, true]),
    );
  }, 30_000);

  it("counts its days in the device's own time zone: read at start, after a change through it and on reconnect", async () => {
    const own = await startGatewayProcess({ env: SIM_ENV });
    const ownAuth = basicAuth('openDTU42');
    const ntp = (await (
      await fetch(`${own.url}/api/ntp/config`, { headers: { authorization: ownAuth } })
    ).json()) as Record<string, unknown>;
    const zone = (ntp_timezone: string) =>
      form({ ...ntp, ntp_timezone, ntp_timezone_descr: ntp_timezone.slice(0, 4) });
    // The device in Brisbane (UTC+10, no DST), the companion at its default, Berlin.
    const saved = await fetch(`${own.url}/api/ntp/config`, {
      method: 'POST',
      headers: { authorization: ownAuth },
      body: zone(BRISBANE),
    });
    expect(await saved.json()).toMatchObject({ type: 'success' });
    const companion = await startCompanion(own.url, 'openDTU42', true);
    const deviceCompanion = companion.app.companion!;
    expect(companion.app.store.config.ntp.timezone).toBe(BERLIN);
    await waitFor(() => deviceCompanion.timezone === BRISBANE, 10_000, "the device's zone");
    const range = HISTORY_RESPONSE_SCHEMAS['GET /api/history/range'].parse(
      await (await companion.fetch('/api/history/range')).json(),
    );
    expect(range.tz).toBe(BRISBANE);
    const brisbaneNow = new Date(companion.app.clock.now() + 10 * 3_600_000);
    expect(range.today).toBe(brisbaneNow.toISOString().slice(0, 10));
    await waitForRecorded(companion);
    const day = HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
      await (await companion.fetch(`/api/history/day?date=${range.today}`)).json(),
    );
    // Brisbane's midnight is 14:00 UTC; Berlin's would be 22:00 or 23:00 UTC.
    expect(day).toMatchObject({ tz: BRISBANE, utc_offsets: [[day.start, 36_000]] });
    expect(day.start % 86_400).toBe(14 * 3600);
    expect(day.end - day.start).toBe(86_400);
    expect(day.inverters.map((i) => i.serial).sort()).toEqual([...DEMO_SERIALS].sort());
    for (const [t] of day.total.points) {
      expect(t).toBeGreaterThanOrEqual(day.start);
      expect(t).toBeLessThan(day.end);
    }
    // The owner changes the device's zone through the companion: read again at once.
    const changed = await companion.fetch('/api/ntp/config', {
      method: 'POST',
      body: zone(AUCKLAND),
    });
    expect(await changed.json()).toMatchObject({ type: 'success' });
    await waitFor(() => deviceCompanion.timezone === AUCKLAND, 5000, 'the changed zone');
    const again = HISTORY_RESPONSE_SCHEMAS['GET /api/history/range'].parse(
      await (await companion.fetch('/api/history/range')).json(),
    );
    expect(again.tz).toBe(AUCKLAND);
    // Changed on the device itself: the companion learns it when the device reconnects.
    await fetch(`${own.url}/api/ntp/config`, {
      method: 'POST',
      headers: { authorization: ownAuth },
      body: zone('UTC0'),
    });
    await own.kill();
    await waitFor(() => deviceCompanion.link.state === 'away', 5000, 'the link away');
    expect(deviceCompanion.timezone).toBe(AUCKLAND);
    await own.start();
    await waitFor(() => deviceCompanion.timezone === 'UTC0', 15_000, 'the zone after reconnect');
  }, 60_000);

  it('records nothing while the device is away and credits what came meanwhile from its counters', async () => {
    // Real time: every inverter's gain between two readings stays under the recorder's plausible
    // limit (3 kW), so the energy of the gap is credited, not dropped as a counter jump.
    const own = await startGatewayProcess({ env: { ...SIM_ENV, SIM_SPEED: '1' } });
    const ownProxy = await startCountingProxy(own.port);
    const companion = await startCompanion(ownProxy.url, 'openDTU42', true);
    const history = companion.app.history!;
    await waitForRecorded(companion);
    const snapshot = () => {
      history.flush();
      const db = history.db;
      const inverters = db.inverters(history.device);
      const days = db.days(0, 1e6);
      return {
        wh: days.filter((d) => inverters.some((i) => i.id === d.inv)).reduce((s, d) => s + d.wh, 0),
        counters: inverters.reduce((sum, i) => sum + (db.counter(i.id)?.totalWh ?? 0), 0),
        rows: JSON.stringify({
          days,
          counters: inverters.map((i) => db.counter(i.id)),
          buckets: inverters.map((i) => db.buckets(i.id, 0, 2e9)),
        }),
      };
    };
    await ownProxy.cut();
    await waitFor(() => companion.app.companion!.link.state === 'away', 5000, 'the link away');
    const before = snapshot();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Away: not a row written, not a value invented.
    expect(snapshot().rows).toBe(before.rows);
    await ownProxy.resume();
    // The inverters kept producing while away: their counters grew, and every Wh of it is in the day.
    const after = await waitFor(
      () => {
        const now = snapshot();
        return now.counters > before.counters && now;
      },
      30_000,
      'a counter reading after the device is back',
    );
    expect(after.wh - before.wh).toBe(after.counters - before.counters);
  }, 90_000);
});

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const BRISBANE = 'AEST-10';
const AUCKLAND = 'NZST-12NZDT,M9.5.0,M4.1.0/3';
