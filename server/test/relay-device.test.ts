import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { FIRMWARE_VERSION, SystemStatusSchema } from '@heliodtu/contract/system';
import { DeviceTarget } from '../src/device/relay/device-target.js';
import { LiveLink, type LinkAway, type LinkMessage } from '../src/device/relay/live-link.js';
import { probeDevice, type ProbeResult } from '../src/device/relay/probe.js';
import { basicAuth } from './helpers/build-test-app.js';
import {
  startGatewayProcess,
  lockGatewayProcess,
  type GatewayProcess,
} from './helpers/gateway-process.js';
import { DEMO_SERIALS, waitFor } from './helpers/live-gateway.js';
import { freePort } from './helpers/mosquitto.js';
import { createTestPki } from './helpers/test-pki.js';

/**
 * Issue 24, the upstream side of the companion: the probe and the live socket against real
 * servers. The "device" is our own gateway in simulation mode as a child process (its wire is
 * the OpenDTU wire), with read-only access off so that every request needs the password; the
 * things that are not an OpenDTU are plain node servers.
 */

const PASSWORD = 'Relay-Test-42';
const SIM_ENV = {
  SIM_FLEET: 'demo',
  SIM_START: '2025-06-21T12:00:00',
  SIM_SPEED: '20',
  HISTORY: 'off',
};
/** Short back-off, so a restart is seen again within a second of listening. */
const FAST_RECONNECT = { initialMs: 200, maxMs: 800 };

let device: GatewayProcess;
let stopDevice: (() => Promise<void>) | undefined;

beforeAll(async () => {
  device = await startGatewayProcess({
    env: SIM_ENV,
    onFinished: (cleanup) => (stopDevice = cleanup),
  });
  await lockGatewayProcess(device, PASSWORD);
}, 60_000);
afterAll(() => stopDevice?.());

const target = (url: string, password = PASSWORD) => new DeviceTarget({ id: 'dtu', url, password });

/** A plain server on a free loopback port, closed after the test. */
async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<string> {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${port}`;
}

/** A failed probe's code and message; the message is one plain line without secrets. */
function failure(result: ProbeResult): { code: string; message: string } {
  if (result.ok) throw new Error(`unexpectedly found ${result.message}`);
  expect(result.message).not.toMatch(/\n|Error:|\.ts:\d/);
  expect(result.message).not.toContain(PASSWORD);
  expect(result.deviceId).toBe('dtu');
  return { code: result.code, message: result.message };
}

describe('probeDevice', () => {
  it('finds the simulated gateway as an OpenDTU v24.11.7 with the password', async () => {
    const result = await probeDevice(target(device.url));
    const status = SystemStatusSchema.parse(
      await (
        await fetch(`${device.url}/api/system/status`, {
          headers: { authorization: basicAuth(PASSWORD) },
        })
      ).json(),
    );
    expect(result).toEqual({
      ok: true,
      deviceId: 'dtu',
      url: device.url,
      hostname: status.hostname,
      gitHash: FIRMWARE_VERSION,
      version: FIRMWARE_VERSION,
      pioenv: status.pioenv,
      generation: 'v24',
      message: `OpenDTU v24.11.7 (${status.pioenv}, v24 wire) named ${status.hostname} at ${device.url}`,
    });
  });

  it('says wrong password on 401 with a password, password needed without one', async () => {
    expect(failure(await probeDevice(target(device.url, 'not-the-password')))).toEqual({
      code: 'wrong-password',
      message: `${device.url} refused the password (401): check the device's admin password`,
    });
    expect(failure(await probeDevice(target(device.url, '')))).toMatchObject({
      code: 'password-needed',
      message: expect.stringMatching(/needs the device's admin password \(401/),
    });
  });

  it('tells a web page, a 404, other JSON, a busy device and a redirect from an OpenDTU; reads a v26 device', async () => {
    const status = (await (
      await fetch(`${device.url}/api/system/status`, {
        headers: { authorization: basicAuth(PASSWORD) },
      })
    ).json()) as Record<string, unknown>;
    const answers: Record<string, [number, string, string]> = {
      '/html': [200, 'text/html', '<!doctype html><title>Router</title><h1>Welcome</h1>'],
      '/missing': [404, 'application/json', '{"error":"not found"}'],
      '/other': [200, 'application/json', '{"status":"ok","version":"1.2"}'],
      '/busy': [503, 'text/plain', 'busy'],
      '/moved': [302, 'text/plain', ''],
      '/v26': [
        200,
        'application/json',
        JSON.stringify({ ...status, git_hash: 'v26.3.30', git_branch: 'master' }),
      ],
    };
    const base = await listen(
      createHttpServer((request, response) => {
        const prefix = request.url?.replace('/api/system/status', '') ?? '';
        const [code, type, body] = answers[prefix] ?? [500, 'text/plain', 'wrong path'];
        if (code === 302) response.setHeader('location', 'https://router.example/login');
        response.writeHead(code, { 'content-type': type }).end(body);
      }),
    );
    const probe = async (prefix: string) => failure(await probeDevice(target(base + prefix)));
    expect(await probe('/html')).toEqual({
      code: 'not-opendtu',
      message: `${base}/html answers with a web page: not an OpenDTU at this address`,
    });
    expect(await probe('/missing')).toEqual({
      code: 'not-opendtu',
      message: `${base}/missing answered 404: not an OpenDTU at this address`,
    });
    expect(await probe('/other')).toEqual({
      code: 'not-opendtu',
      message: `${base}/other answers JSON without OpenDTU's system status (hostname, sdkversion, cpufreq, …): not an OpenDTU at this address`,
    });
    expect(await probe('/busy')).toMatchObject({ code: 'device-error' });
    expect(await probe('/moved')).toEqual({
      code: 'not-opendtu',
      message: `${base}/moved redirects to https://router.example/login (302): not an OpenDTU at this address`,
    });
    expect(await probeDevice(target(`${base}/v26`))).toMatchObject({
      ok: true,
      gitHash: 'v26.3.30',
      version: 'v26.3.30',
      generation: 'v26',
    });
  });

  it('gives up on a server that never answers after the timeout', async () => {
    const held: Socket[] = [];
    const base = await listen(
      createTcpServer((socket) => {
        held.push(socket);
        socket.on('error', () => undefined);
      }),
    );
    onTestFinished(() => held.forEach((socket) => socket.destroy()));
    const started = performance.now();
    expect(failure(await probeDevice(target(base), { timeoutMs: 300 }))).toEqual({
      code: 'timeout',
      message: `${base} did not answer within 300 ms`,
    });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(held).toHaveLength(1);
  });

  it('says refused, DNS and TLS each in their own words', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(failure(await probeDevice(target(closed)))).toEqual({
      code: 'refused',
      message: `${closed} refused the connection: nothing listens on that port`,
    });
    expect(failure(await probeDevice(target('http://opendtu.invalid')))).toEqual({
      code: 'dns',
      message: "the name opendtu.invalid is unknown (DNS): check the device's address",
    });
    // https:// to the device's plain HTTP port.
    const tls = device.url.replace('http:', 'https:');
    expect(failure(await probeDevice(target(tls)))).toEqual({
      code: 'tls',
      message: `TLS with ${tls} failed: the port does not speak TLS (try http://)`,
    });
    // A certificate from a CA the companion does not trust.
    const pki = await createTestPki();
    onTestFinished(() => pki.dispose());
    const [cert, key] = await Promise.all([
      readFile(pki.server.certFile),
      readFile(pki.server.keyFile),
    ]);
    const untrusted = (await listen(createHttpsServer({ cert, key }))).replace('http:', 'https:');
    expect(failure(await probeDevice(target(untrusted)))).toEqual({
      code: 'tls',
      message: `TLS with ${untrusted} failed: its certificate is not signed by a trusted authority`,
    });
  });
});

/** A link with its events and console lines recorded, stopped after the test. */
function watchLink(link: LiveLink) {
  const seen = {
    messages: [] as LinkMessage[],
    away: [] as LinkAway[],
    back: 0,
    connected: 0,
  };
  link.on('message', (message) => seen.messages.push(message));
  link.on('away', (away) => seen.away.push(away));
  link.on('back', () => seen.back++);
  link.on('connected', () => seen.connected++);
  onTestFinished(() => link.stop());
  return seen;
}

describe('LiveLink', () => {
  it('gets live data, sees the device killed, and is back within the back-off when it restarts', async () => {
    const lines: string[] = [];
    const link = new LiveLink({
      target: target(device.url),
      reconnect: FAST_RECONNECT,
      log: (line) => lines.push(line),
    });
    const seen = watchLink(link);
    link.start();
    const first = await waitFor(() => seen.messages[0], 15_000, 'a live message');
    const inverter = (first.data['inverters'] as { serial: string }[])[0];
    expect(DEMO_SERIALS).toContain(inverter?.serial);
    expect(JSON.parse(first.text)).toEqual(first.data);
    expect([seen.connected, link.state]).toEqual([1, 'connected']);

    const killedAt = Date.now();
    await device.kill();
    const away = await waitFor(() => seen.away[0], 5000, 'away');
    expect(away.reason).toEqual({
      code: 'connection-lost',
      message: `the connection to ${device.url} was lost`,
    });
    expect(away.since).toBeGreaterThanOrEqual(killedAt);
    await waitFor(() => seen.away[1], 5000, 'the retries refused');
    expect(seen.away[1]).toMatchObject({ since: away.since, reason: { code: 'refused' } });

    await device.start();
    const listeningAt = Date.now();
    await waitFor(() => seen.back === 1, 5000, 'back');
    // The longest wait of the back-off, and a margin for a busy machine.
    expect(Date.now() - listeningAt).toBeLessThan(FAST_RECONNECT.maxMs + 1500);
    const backAt = seen.messages.length;
    await waitFor(() => seen.messages.length > backAt, 15_000, 'live data again');
    expect([seen.connected, link.state]).toEqual([2, 'connected']);

    // Each change said once: connected, away, the new reason, back; nothing per retry.
    expect(lines).toEqual([
      `Device dtu: live data from ${device.url.replace('http', 'ws')}/livedata`,
      expect.stringMatching(
        new RegExp(
          `^Device dtu: away since ${new Date(away.since).toISOString()}: the connection to .* was lost; retrying with back-off up to every 800 ms$`,
        ),
      ),
      `Device dtu: still away: ${device.url} refused the connection: nothing listens on that port`,
      expect.stringMatching(/^Device dtu: back after \d+ (ms|s), live data again$/),
    ]);
    await link.stop();
    expect(link.state).toBe('stopped');
  }, 60_000);

  it('is away with "wrong password" when the device refuses the socket', async () => {
    const link = new LiveLink({ target: target(device.url, 'not-the-password') });
    const seen = watchLink(link);
    link.start();
    const away = await waitFor(() => seen.away[0], 5000, 'away');
    expect(away.reason.code).toBe('wrong-password');
    expect(away.reason.message).not.toContain('not-the-password');
    expect([seen.connected, seen.messages.length]).toEqual([0, 0]);
  });
});
