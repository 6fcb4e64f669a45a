import { describe, expect, it } from 'vitest';
import { RELAY_BOUND } from '../src/device/relay/device-relay.js';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import { startDelayingProxy } from './helpers/delaying-proxy.js';
import { startGatewayProcess } from './helpers/gateway-process.js';
import { waitFor } from './helpers/live-gateway.js';
import { tempDist } from './helpers/web-dist.js';

/**
 * Issue 24, "device slow": a real device process (our gateway in simulation mode) behind a
 * proxy that answers every request 2 s late, and a real companion process in front. A burst of
 * browsers' requests must not pile up at the device or in the companion, and the companion's
 * own pages keep answering meanwhile.
 */

const DELAY_MS = 2000;
const BURST = 60;
/** Far under the device's 2 s: answered by the companion without waiting for the device. */
const PROMPT_MS = 1000;

interface Timed {
  status: number;
  ms: number;
  body: { problem?: string; message?: string; device?: string };
}

async function timedGet(url: string): Promise<Timed> {
  const began = performance.now();
  const response = await fetch(url, { headers: { authorization: ADMIN_AUTH } });
  const text = await response.text();
  const ms = performance.now() - began;
  const json = response.headers.get('content-type')?.includes('json');
  return { status: response.status, ms, body: json ? (JSON.parse(text) as Timed['body']) : {} };
}

describe('the companion in front of a slow device', () => {
  it('sends the device at most the bound, answers the excess busy at once and stays responsive', async () => {
    const device = await startGatewayProcess({
      env: { SIM_FLEET: 'demo', SIM_START: '2025-06-21T12:00:00', HISTORY: 'off' },
    });
    const proxy = await startDelayingProxy(device.port, DELAY_MS);
    const dist = await tempDist({ 'index.html': '<!doctype html><title>HelioDTU</title>' });
    const companion = await startGatewayProcess({
      env: { DTU_URL: proxy.url, DTU_PASSWORD: 'openDTU42', HISTORY: 'off', WEB_DIST: dist },
    });
    // The start probe is a request of its own: wait until it is answered.
    await waitFor(
      () => /^Companion: found .*$/m.exec(companion.output())?.[0],
      15_000,
      'the start line',
    );
    // And the companion's own read of the device's time zone, once its live socket is up.
    await waitFor(
      () => (proxy.received('/api/ntp/config') >= 1 && proxy.inFlight() === 0) || undefined,
      15_000,
      'an idle device',
    );
    proxy.resetPeak();

    const burst = Array.from({ length: BURST }, (_, i) =>
      timedGet(`${companion.url}/api/network/config?n=${i}`),
    );
    // While the device works through its share, the companion's own answers come at once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const own = await Promise.all([
      timedGet(`${companion.url}/api/companion/status`),
      timedGet(`${companion.url}/`),
    ]);
    expect(own.map((r) => r.status)).toEqual([200, 200]);
    for (const answer of own) expect(answer.ms).toBeLessThan(PROMPT_MS);
    expect(proxy.inFlight()).toBe(RELAY_BOUND.maxInFlight);

    const answers = await Promise.all(burst);
    const relayed = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    const accepted = RELAY_BOUND.maxInFlight + RELAY_BOUND.maxQueued;
    expect(relayed).toHaveLength(accepted);
    expect(busy).toHaveLength(BURST - accepted);
    for (const answer of busy) {
      expect(answer.ms).toBeLessThan(PROMPT_MS);
      expect(answer.body).toEqual({
        type: 'danger',
        device: 'dtu',
        problem: 'busy',
        message: `${proxy.url} is still answering earlier requests; try again in a moment`,
      });
    }
    // The device got only what was accepted, never more at once than the bound.
    expect(proxy.received('/api/network/config')).toBe(accepted);
    expect(proxy.peak()).toBe(RELAY_BOUND.maxInFlight);
    // Served in turns of the bound, 2 s each: the last after about five turns, not one more.
    const slowest = Math.max(...relayed.map((a) => a.ms));
    expect(slowest).toBeGreaterThanOrEqual((accepted / RELAY_BOUND.maxInFlight) * DELAY_MS - 100);
    expect(slowest).toBeLessThan((accepted / RELAY_BOUND.maxInFlight + 2) * DELAY_MS);

    // The line is empty again: the next request goes through in one turn.
    const after = await timedGet(`${companion.url}/api/network/config`);
    expect(after.status).toBe(200);
    expect(after.ms).toBeLessThan(DELAY_MS + PROMPT_MS);
  }, 90_000);
});
