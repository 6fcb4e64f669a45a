import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertsStatus } from '@heliodtu/contract/alerts';
import { companionSources } from '../src/alerts/companion-sources.js';
import { AlertEvaluator } from '../src/alerts/evaluator.js';
import { MemoryAlertRows } from '../src/history/alert-rows.js';
import { startCompanionApp } from './helpers/companion-app.js';
import { startGatewayProcess, type GatewayProcess } from './helpers/gateway-process.js';
import { waitFor } from './helpers/mqtt-watcher.js';

// Issue 28 on a companion: the rules read the device's relayed live data, the same LiveSource the
// socket fan-out and the history use, and the device's absence. The "device" is our gateway in
// simulation mode with an inverter that never answers. The companion's clock is the host's, so
// the test gives the rules daylight itself (the gateway's own rule asks the sun at its location).

const GARAGE = '1164a113c7e2';
const MINUTE = 60_000;
const cleanups: (() => Promise<void>)[] = [];
let device: GatewayProcess;

beforeAll(async () => {
  device = await startGatewayProcess({
    env: {
      SIM_START: '2025-06-21T10:00:00',
      SIM_SPEED: '60',
      SIM_FAULTS: `unreachable:${GARAGE}`,
      HISTORY: 'off',
    },
    onFinished: (cleanup) => cleanups.push(cleanup),
  });
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('alerts on a companion', () => {
  it('answers /api/alerts/status itself; its device inverter unreachable, then the device away', async () => {
    const companion = await startCompanionApp(device.url, 'openDTU42');
    const response = await companion.fetch('/api/alerts/status', { auth: null });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AlertsStatus).open).toEqual([]);

    const deviceOf = companion.app.companion;
    if (!deviceOf) throw new Error('not a companion');
    let now = Date.now();
    const rows = new MemoryAlertRows();
    const evaluator = new AlertEvaluator(
      companionSources(deviceOf, {
        now: () => now,
        daylight: () => true,
        historyRecording: () => null,
      }),
      () => rows,
      () => undefined,
    );
    const kinds = () =>
      evaluator
        .conditions(now)
        .map((c) => `${c.kind} ${c.subject.device} ${c.subject.serial ?? ''}`);
    await waitFor(
      () => kinds().includes(`inverter-unreachable dtu ${GARAGE}`),
      'the unreachable inverter in the relayed live data',
      30_000,
    );
    evaluator.evaluate();
    now += 15 * MINUTE;
    evaluator.evaluate();
    expect(rows.open().map((a) => [a.kind, a.device, a.serial])).toEqual([
      ['inverter-unreachable', 'dtu', GARAGE],
    ]);

    // The device goes away: only that is a condition, since when it went.
    await device.kill();
    await waitFor(() => deviceOf.awaySince !== undefined, 'the device away', 20_000);
    now = Date.now();
    expect(kinds()).toEqual(['device-away dtu ']);
  }, 90_000);
});
