import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../../app.js';
import { DeviceTarget } from '../../device/relay/device-target.js';
import { testOptions } from '../../../test/helpers/build-test-app.js';
import { waitFor } from '../../../test/helpers/live-gateway.js';
import { freePort } from '../../../test/helpers/mosquitto.js';
import { openSocket, wsUrl } from '../../../test/helpers/ws-client.js';
import { MID_LINE_WAIT_MS } from './console-socket.js';

/**
 * The companion's console mixes the device's frames with its own lines. A device frame may
 * end mid-line; the companion's lines must not land inside a device line. The device here is
 * a loopback socket server whose console frames the test writes by hand.
 */

async function handDevice() {
  const consoles: WebSocket[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((_request, response) => response.writeHead(404).end());
  server.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (request.url === '/console') consoles.push(ws);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const ws of wss.clients) ws.terminate();
    wss.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    consoles,
    write: (text: string) => consoles.forEach((ws) => ws.send(text)),
  };
}

async function companionOf(deviceUrl: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-console-relay-'));
  const app = await buildApp({
    options: testOptions(dataDir, {
      companion: { target: new DeviceTarget({ id: 'dtu', url: deviceUrl }) },
      history: { enabled: false, retentionDays: 730, backfillDays: 0 },
    }),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { app, url };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WS /console on a companion', () => {
  it("puts its own lines between the device's lines, never inside one", async () => {
    const device = await handDevice();
    const { app, url } = await companionOf(device.url);
    const browser = await openSocket(wsUrl(url, '/console'));
    await waitFor(() => device.consoles.length === 1, 5000, 'the device console socket');
    // The start lines (live socket, probe) out of the way first.
    await browser.next((t) => t.includes('[companion] Companion: '));
    const text = () => browser.messages.join('');

    device.write('I (5) dtu: half a ');
    await browser.next((t) => t === 'I (5) dtu: half a ');
    app.consoleLog.write('own news');
    await sleep(300);
    expect(text()).not.toContain('own news');
    device.write('line\r\n');
    await browser.next((t) => t.includes('own news'));
    expect(text()).toContain('I (5) dtu: half a line\r\n[companion] own news\r\n');

    // A device that stays mid-line is cut after a while: the companion's line still comes.
    device.write('I (6) dtu: no end');
    await browser.next((t) => t === 'I (6) dtu: no end');
    const cutFrom = performance.now();
    app.consoleLog.write('cut in');
    await browser.next((t) => t.includes('cut in'), MID_LINE_WAIT_MS + 2000);
    expect(performance.now() - cutFrom).toBeGreaterThanOrEqual(MID_LINE_WAIT_MS - 50);
    expect(text()).toContain('I (6) dtu: no end\r\n[companion] cut in\r\n');
  });

  it("gives a new browser its own backlog marked, then the device's frames so far", async () => {
    const device = await handDevice();
    const { url } = await companionOf(device.url);
    const first = await openSocket(wsUrl(url, '/console'));
    await waitFor(() => device.consoles.length === 1, 5000, 'the device console socket');
    device.write('I (7) dtu: before the second\r\n');
    await first.next((t) => t.includes('before the second'));
    const second = await openSocket(wsUrl(url, '/console'));
    await second.next((t) => t.includes('before the second'));
    const shown = second.messages.join('');
    expect(shown).toMatch(/^\[companion\] Web server listening on /m);
    expect(shown.indexOf('[companion] Web server listening')).toBeLessThan(
      shown.indexOf('I (7) dtu: before the second\r\n'),
    );
    expect(device.consoles).toHaveLength(1);
  });
});
