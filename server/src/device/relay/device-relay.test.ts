import type { ServerResponse } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DeviceRelay, type RelayResult } from './device-relay.js';
import { DeviceTarget } from './device-target.js';
import { loopbackHttp } from '../../../test/helpers/loopback-device.js';

/** A loopback "device" that holds every answer until `answerAll()`, counting what it holds. */
async function holdingDevice() {
  const held: ServerResponse[] = [];
  let peak = 0;
  let received = 0;
  const url = await loopbackHttp((_request, response) => {
    received += 1;
    held.push(response);
    peak = Math.max(peak, held.length);
  });
  return {
    url,
    held: () => held.length,
    peak: () => peak,
    received: () => received,
    answerAll() {
      for (const response of held.splice(0)) {
        response.setHeader('content-type', 'application/json');
        response.end('{"ok":true}');
      }
    },
  };
}

const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('DeviceRelay: the bound on requests to a slow device', () => {
  it('sends maxInFlight, queues maxQueued and answers the rest busy at once', async () => {
    const device = await holdingDevice();
    const relay = new DeviceRelay(
      new DeviceTarget({ id: 'dtu', url: device.url, password: 'x' }),
      5000,
      Date.now,
      { maxInFlight: 2, maxQueued: 3 },
    );
    onTestFinished(() => relay.close());

    const settled: RelayResult[] = [];
    const all = Array.from({ length: 8 }, (_, i) =>
      relay.forward('GET', `/api/ntp/config?n=${i}`).then((result) => {
        settled.push(result);
        return result;
      }),
    );
    await until(() => device.held() === 2, 'two requests at the device');
    await until(() => settled.length === 3, 'three busy answers');
    expect(settled.map((r) => (r.ok ? r.status : [r.status, r.problem.code]))).toEqual([
      [503, 'busy'],
      [503, 'busy'],
      [503, 'busy'],
    ]);
    const busy = settled[0]!;
    expect(!busy.ok && busy.problem.message).toBe(
      `${device.url} is still answering earlier requests; try again in a moment`,
    );
    expect(relay.load).toEqual({ inFlight: 2, queued: 3 });

    // Each answer lets a waiting request go; the device never holds more than two.
    while (device.received() < 5 || device.held() > 0) {
      await until(() => device.held() > 0, 'a held request');
      device.answerAll();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const results = await Promise.all(all);
    expect(results.filter((r) => r.ok && r.status === 200)).toHaveLength(5);
    expect(device.received()).toBe(5);
    expect(device.peak()).toBe(2);
    expect(relay.load).toEqual({ inFlight: 0, queued: 0 });

    // With the line empty again a request goes out at once.
    const again = relay.forward('GET', '/api/ntp/config');
    await until(() => device.held() === 1, 'the next request at the device');
    device.answerAll();
    expect(await again).toMatchObject({ ok: true, status: 200 });
  });

  it('frees the slot of a request that failed or timed out', async () => {
    const device = await holdingDevice();
    const relay = new DeviceRelay(
      new DeviceTarget({ id: 'dtu', url: device.url, password: 'x' }),
      200,
      Date.now,
      { maxInFlight: 1, maxQueued: 0 },
    );
    onTestFinished(() => relay.close());
    const first = relay.forward('GET', '/api/ntp/config');
    expect(await relay.forward('GET', '/api/ntp/config')).toMatchObject({
      ok: false,
      problem: { code: 'busy' },
    });
    expect(await first).toMatchObject({ ok: false, status: 504, problem: { code: 'timeout' } });
    expect(relay.load).toEqual({ inFlight: 0, queued: 0 });
    const next = relay.forward('GET', '/api/ntp/config');
    await until(() => device.held() >= 2, 'the next request at the device');
    device.answerAll();
    expect(await next).toMatchObject({ ok: true, status: 200 });
  });
});
