import { describe, expect, it } from 'vitest';
import {
  LiveDataMessageSchema,
  SOCKET_CLOSE_UNAUTHORIZED,
  withSocketAuth,
} from '@heliodtu/contract/ws';
import { basicAuth, buildTestGateway } from '../../../test/helpers/build-test-app.js';
import {
  DEMO_SERIALS,
  HM_SERIAL,
  HMS_SERIAL,
  buildLiveGateway,
} from '../../../test/helpers/live-gateway.js';
import { openSocket, refusedStatus, wsUrl } from '../../../test/helpers/ws-client.js';

const serialOf = (text: string) =>
  LiveDataMessageSchema.parse(JSON.parse(text)).inverters[0]!.serial;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo fleet with no new data ever (clock never synced): only the interval rule sends. */
const quietFleet = (liveSocket: { tickMs: number; maxIntervalMs: number }) =>
  buildTestGateway({ simFleet: 'demo', simFaults: ['unsynced'], liveSocket });

describe('WS /livedata messages', () => {
  it('sends one full inverter per message in the shape of the HTTP answer', async () => {
    const gw = await buildLiveGateway();
    const socket = await openSocket(wsUrl(gw.url, '/livedata'));
    for (const serial of DEMO_SERIALS) await socket.next((text) => serialOf(text) === serial);
    for (const text of socket.messages) {
      const raw = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(raw)).toEqual(['inverters', 'total', 'hints']);
      const message = LiveDataMessageSchema.parse(raw);
      expect(message.inverters).toHaveLength(1);
      expect(Object.keys(raw['inverters'] as object[])).toHaveLength(1);
      expect(Object.keys(message.inverters[0]!)).toEqual(
        expect.arrayContaining(['AC', 'DC', 'INV', 'events']),
      );
    }
  });

  it('pushes an inverter as soon as it has new data', async () => {
    const gw = await buildLiveGateway({ liveSocket: { tickMs: 1000, maxIntervalMs: 60_000 } });
    const socket = await openSocket(wsUrl(gw.url, '/livedata'));
    await socket.next((text) => serialOf(text) === DEMO_SERIALS[2]);
    // Time runs 20×: each inverter is polled about every 0.75 s and pushed at most once a tick.
    const seen = socket.messages.length;
    await sleep(3200);
    const later = socket.messages.slice(seen).map(serialOf);
    for (const serial of DEMO_SERIALS) {
      expect(later.filter((s) => s === serial).length).toBeGreaterThanOrEqual(2);
      expect(later.filter((s) => s === serial).length).toBeLessThanOrEqual(5);
    }
  });

  it('sends on the update event at once, not only on the tick', async () => {
    const gw = await quietFleet({ tickMs: 2000, maxIntervalMs: 60_000 });
    const socket = await openSocket(wsUrl(gw.url, '/livedata'));
    await socket.next((text) => serialOf(text) === DEMO_SERIALS[2]);
    // More than a tick after the welcome message, so this inverter is not held back.
    await sleep(2100);
    const seen = socket.messages.length;
    const started = Date.now();
    gw.app.device.emit('update', HMS_SERIAL);
    const text = await socket.next(() => true, 1000, seen);
    expect(serialOf(text)).toBe(HMS_SERIAL);
    expect(Date.now() - started).toBeLessThan(500);
    expect(socket.messages.slice(seen).map(serialOf)).toEqual([HMS_SERIAL]);
  });

  it('pushes every inverter at least once per interval without new data', async () => {
    const gw = await quietFleet({ tickMs: 100, maxIntervalMs: 1000 });
    const socket = await openSocket(wsUrl(gw.url, '/livedata'));
    const arrivals = new Map<string, number[]>();
    socket.ws.on('message', (data) => {
      const serial = serialOf(data.toString());
      arrivals.set(serial, [...(arrivals.get(serial) ?? []), Date.now()]);
    });
    await sleep(3600);
    for (const serial of DEMO_SERIALS) {
      const times = arrivals.get(serial) ?? [];
      expect(times.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < times.length; i++) {
        const gap = times[i]! - times[i - 1]!;
        expect(gap).toBeGreaterThan(700);
        expect(gap).toBeLessThan(1250);
      }
    }
  });
});

describe('WS /livedata keep-alive and clients', () => {
  it("ignores the 'ping' text and answers WebSocket pings with pongs", async () => {
    const gw = await quietFleet({ tickMs: 100, maxIntervalMs: 500 });
    const socket = await openSocket(wsUrl(gw.url, '/livedata'));
    socket.ws.send('ping');
    socket.ws.send('{"not":"a command"}');
    const pong = new Promise<string>((resolve) =>
      socket.ws.once('pong', (d) => resolve(d.toString())),
    );
    socket.ws.ping('keep-alive');
    expect(await pong).toBe('keep-alive');
    const seen = socket.messages.length;
    await socket.next(() => true, 2000, seen);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('serves 200 clients at once, each getting the same bytes', async () => {
    const gw = await quietFleet({ tickMs: 1000, maxIntervalMs: 60_000 });
    const url = wsUrl(gw.url, '/livedata');
    const listeners = gw.app.device.listenerCount('update');
    const sockets = await Promise.all(Array.from({ length: 200 }, () => openSocket(url)));
    await Promise.all(sockets.map((s) => s.next((text) => serialOf(text) === DEMO_SERIALS[2])));
    const seen = sockets.map((s) => s.messages.length);
    gw.app.device.emit('update', HM_SERIAL);
    const received = await Promise.all(sockets.map((s, i) => s.next(() => true, 5000, seen[i])));
    expect(new Set(received).size).toBe(1);
    expect(serialOf(received[0]!)).toBe(HM_SERIAL);
    // One subscription to the simulator, however many clients.
    expect(gw.app.device.listenerCount('update')).toBe(listeners);
    await Promise.all(sockets.map((s) => (s.ws.close(), s.closed())));
  });

  it('needs the admin credentials while allow_readonly is off: header, query or URL userinfo', async () => {
    const gw = await buildTestGateway({ simFleet: 'demo' });
    const url = wsUrl(gw.url, '/livedata');
    const anonymousBefore = await openSocket(url);
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect(await anonymousBefore.closed()).toBe(SOCKET_CLOSE_UNAUTHORIZED);

    expect(await refusedStatus(url)).toBe(401);
    expect(await refusedStatus(url, { headers: { authorization: basicAuth('nope-nope') } })).toBe(
      401,
    );
    expect(
      await refusedStatus(withSocketAuth(url, Buffer.from('admin:bad').toString('base64'))),
    ).toBe(401);
    const token = Buffer.from('admin:openDTU42').toString('base64');
    for (const client of [
      await openSocket(url, { headers: { authorization: `Basic ${token}` } }),
      await openSocket(withSocketAuth(url, token)),
      await openSocket(url.replace('ws://', 'ws://admin:openDTU42@')),
    ]) {
      await client.next((text) => serialOf(text) === DEMO_SERIALS[0]);
    }
  });
});
