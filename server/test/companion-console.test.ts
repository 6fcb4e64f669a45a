import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_GRACE_MS } from '../src/device/relay/device-console.js';
import { COMPANION_LINE_PREFIX } from '../src/routes/sockets/console-socket.js';
import { basicAuth } from './helpers/build-test-app.js';
import { startCountingProxy, type CountingProxy } from './helpers/counting-proxy.js';
import {
  lockGatewayProcess,
  startGatewayProcess,
  type GatewayProcess,
} from './helpers/gateway-process.js';
import { startCompanionApp, type CompanionApp } from './helpers/companion-app.js';
import { waitFor } from './helpers/live-gateway.js';
import { openSocket, wsUrl, type TestSocket } from './helpers/ws-client.js';

/**
 * Issue 24, the console on a companion: the device's /console relayed from one device socket,
 * held only while a browser shows the console. The device is a real gateway process (read-only
 * access off, its own password) behind a proxy that counts the sockets reaching it.
 */

const DEVICE_PASSWORD = 'Device-Pass-78';
const DEVICE_AUTH = basicAuth(DEVICE_PASSWORD);
const SIM_ENV = { SIM_FLEET: 'none', HISTORY: 'off' };

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

/** The companion of `deviceUrl`, once its start probe answered (its start line is logged). */
async function startCompanion(deviceUrl = proxy.url): Promise<CompanionApp> {
  const companion = await startCompanionApp(deviceUrl, DEVICE_PASSWORD);
  await waitFor(() => companion.app.companion!.probed, 10_000, 'the start probe');
  return companion;
}

/** Makes the device write a console line of its own: a settings save says so. */
async function deviceWritesLine(target: GatewayProcess = device): Promise<void> {
  const ntp = await (
    await fetch(`${target.url}/api/ntp/config`, { headers: { authorization: DEVICE_AUTH } })
  ).json();
  const body = new FormData();
  body.append('data', JSON.stringify(ntp));
  const saved = await fetch(`${target.url}/api/ntp/config`, {
    method: 'POST',
    headers: { authorization: DEVICE_AUTH },
    body,
  });
  expect(await saved.json()).toMatchObject({ type: 'success' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the companion: console', () => {
  it('holds no device console socket while nobody shows the console', async () => {
    const before = proxy.count('GET', '/console');
    const companion = await startCompanion();
    const live = await openSocket(wsUrl(companion.url, '/livedata'));
    await waitFor(() => proxy.openSockets('/livedata') >= 1, 10_000, 'the live socket');
    await sleep(500);
    expect(proxy.count('GET', '/console')).toBe(before);
    expect(companion.app.companion!.console.held).toBe(false);
    live.ws.close();
  }, 30_000);

  it('serves 20 browser consoles from one device socket, each device frame unchanged', async () => {
    const before = proxy.count('GET', '/console');
    const companion = await startCompanion();
    const browsers: TestSocket[] = await Promise.all(
      Array.from({ length: 20 }, () => openSocket(wsUrl(companion.url, '/console'))),
    );
    await waitFor(() => proxy.openSockets('/console') === 1, 10_000, 'the device console socket');
    // The device's own reader, straight to it: what it sends is what the browsers must get.
    const direct = await openSocket(wsUrl(device.url, '/console'), {
      headers: { authorization: DEVICE_AUTH },
    });
    await direct.next((t) => t.includes('Web server listening'), 5000);
    const from = browsers.map((b) => b.messages.length);
    const directFrom = direct.messages.length;
    await deviceWritesLine();
    const frame = await direct.next((t) => t.includes('NTP settings saved'), 5000, directFrom);
    for (const [index, browser] of browsers.entries()) {
      expect(await browser.next((t) => t.includes('NTP settings saved'), 5000, from[index])).toBe(
        frame,
      );
    }
    expect(frame).not.toContain(COMPANION_LINE_PREFIX);
    // The companion's own lines are there too, each marked as the companion's.
    const shown = browsers[0]!.messages.join('');
    expect(shown).toMatch(/^\[companion\] Companion: found OpenDTU v24\.11\.7 /m);
    expect(shown).not.toMatch(/^Companion: /m);
    expect(proxy.openSockets('/console')).toBe(1);
    expect(proxy.count('GET', '/console') - before).toBe(1);
  }, 30_000);

  it('keeps the device socket over a reload, closes it within the grace time after the last browser', async () => {
    const before = proxy.count('GET', '/console');
    const companion = await startCompanion();
    const first = await Promise.all([1, 2].map(() => openSocket(wsUrl(companion.url, '/console'))));
    await waitFor(() => proxy.openSockets('/console') === 1, 10_000, 'the device console socket');
    for (const browser of first) browser.ws.close();
    await Promise.all(first.map((b) => b.closed()));
    // A reload: the page is back a moment later, on the same device socket.
    await sleep(500);
    const again = await openSocket(wsUrl(companion.url, '/console'));
    await sleep(200);
    expect(proxy.openSockets('/console')).toBe(1);
    expect(proxy.count('GET', '/console') - before).toBe(1);

    again.ws.close();
    await again.closed();
    const left = performance.now();
    await sleep(CONSOLE_GRACE_MS - 1500);
    expect(proxy.openSockets('/console')).toBe(1);
    await waitFor(() => proxy.openSockets('/console') === 0, 4000, 'the device socket closed');
    expect(performance.now() - left).toBeLessThan(CONSOLE_GRACE_MS + 2000);
    expect(companion.app.companion!.console.held).toBe(false);
    // Nothing retries behind the scenes.
    await sleep(1000);
    expect(proxy.count('GET', '/console') - before).toBe(1);
  }, 30_000);

  it('reconnects while a browser watches a device that restarts, and relays again', async () => {
    const own = await startGatewayProcess({ env: SIM_ENV });
    await lockGatewayProcess(own, DEVICE_PASSWORD);
    const ownProxy = await startCountingProxy(own.port);
    const companion = await startCompanion(ownProxy.url);
    const browser = await openSocket(wsUrl(companion.url, '/console'));
    await waitFor(() => ownProxy.openSockets('/console') === 1, 10_000, 'the device console');
    await own.kill();
    await waitFor(() => ownProxy.openSockets('/console') === 0, 5000, 'the socket gone');
    await own.start();
    await waitFor(() => ownProxy.openSockets('/console') === 1, 10_000, 'the console again');
    const from = browser.messages.length;
    await deviceWritesLine(own);
    await browser.next((t) => t.includes('NTP settings saved'), 5000, from);
    expect(browser.ws.readyState).toBe(browser.ws.OPEN);
    // The outage is told once, by the live link, among the companion's lines.
    const shown = browser.messages.join('');
    expect(shown.match(/\[companion\] Device dtu: away since/g)).toHaveLength(1);
  }, 60_000);
});
