import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AlertCondition } from '@heliodtu/contract/domain/alert-rules';
import { followCompanionDevices } from '../src/alerts/companion-sources.js';
import { AlertEvaluators } from '../src/alerts/evaluator-set.js';
import { Site } from '../src/device/site.js';
import { DeviceTarget } from '../src/device/relay/device-target.js';
import { MemoryAlertRows } from '../src/history/alert-rows.js';
import { basicAuth } from './helpers/build-test-app.js';
import { startCompanionApp, type CompanionApp } from './helpers/companion-app.js';
import { startGatewayProcess, type GatewayProcess } from './helpers/gateway-process.js';
import { HMS_SERIAL } from './helpers/live-gateway.js';
import { waitFor } from './helpers/mqtt-watcher.js';

// Issue 28 over issue 27: alerts on a companion with two devices. The devices are our gateway in
// simulation mode, both with the demo fleet (the same serials: the alerts must tell the devices
// apart). The roof starts shortly before a grid disturbance of its simulated site; on the garage
// the HMS inverter never answers, so a limit sent to it fails. The rules run on a clock of the
// test's own (the 15 and 5 minutes of the rules pass at once) and are given daylight.

const PASSWORD = 'openDTU42';
const SEED = 7;
const MINUTE = 60_000;
const cleanups: (() => Promise<void>)[] = [];
let roof: GatewayProcess;
let garage: GatewayProcess;
let roofFault: { id: number; start: number; end: number };

/** The first day from 1 June 2025 with a grid disturbance at the default place, for SEED. */
function firstGridFault(): { id: number; start: number; end: number } {
  const site = new Site(SEED, 51.1657, 10.4515);
  for (let day = 1; day <= 90; day++) {
    const fault = site.gridFault(Date.UTC(2025, 5, day, 12));
    if (fault) return fault;
  }
  throw new Error('no grid disturbance in 90 days');
}

beforeAll(async () => {
  roofFault = firstGridFault();
  [roof, garage] = await Promise.all([
    startGatewayProcess({
      env: {
        SIM_SEED: String(SEED),
        SIM_START: new Date(roofFault.start - 20_000).toISOString(),
        SIM_SPEED: '5',
        HISTORY: 'off',
      },
      onFinished: (cleanup) => cleanups.push(cleanup),
    }),
    startGatewayProcess({
      env: {
        SIM_SEED: '2',
        SIM_START: '2025-06-21T10:00:00',
        // Slow enough that a failed limit (10 s device time) stays Failure a while for the reads.
        SIM_SPEED: '2',
        SIM_FAULTS: `unreachable:${HMS_SERIAL}`,
        HISTORY: 'off',
      },
      onFinished: (cleanup) => cleanups.push(cleanup),
    }),
  ]);
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Evaluators over the companion's registry, as the alerts plugin builds them, on a test clock. */
function evaluatorsOver(companion: CompanionApp, clock: { now: number }) {
  const rows = new MemoryAlertRows();
  const evaluators = new AlertEvaluators(
    () => rows,
    () => rows,
    () => clock.now,
    () => undefined,
  );
  followCompanionDevices(
    evaluators,
    companion.app.devices!,
    { now: () => clock.now, daylight: () => true, historyRecording: () => null },
    200,
    // Daylight at every device's place too, whatever the hour the test runs at.
    () => () => true,
  );
  // The rules are stepped by hand; only the device reads run on their timers.
  evaluators.start(3_600_000);
  const conditions = (device: string): AlertCondition[] =>
    evaluators.evaluator(device)?.conditions(clock.now) ?? [];
  return { rows, evaluators, conditions };
}

const describeCondition = (c: AlertCondition) =>
  `${c.kind} ${c.subject.device} ${c.subject.serial ?? ''}`;

describe('alerts on a companion with several devices', () => {
  it('reads each device command results and event log: a failed limit and a grid fault, each on its device', async () => {
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Roof', url: roof.url, password: PASSWORD },
        { name: 'Garage', url: garage.url, password: PASSWORD },
      ],
    });
    const clock = { now: Date.now() };
    const { rows, evaluators } = evaluatorsOver(companion, clock);
    onTestFinished(() => evaluators.stop());

    const body = new FormData();
    body.append('data', JSON.stringify({ serial: HMS_SERIAL, limit_value: 50, limit_type: 1 }));
    const sent = await fetch(`${garage.url}/api/limit/config`, {
      method: 'POST',
      headers: { authorization: basicAuth(PASSWORD) },
      body,
    });
    expect(await sent.json()).toMatchObject({ type: 'success' });
    // The rules run as on the gateway, until the alert opens (reads arrive as they come).
    const openOf = (kind: string) => rows.open().filter((a) => a.kind === kind);
    const evaluatedUntilOpen = (kind: string, what: string) =>
      waitFor(
        () => {
          evaluators.evaluate();
          return openOf(kind).length > 0;
        },
        what,
        30_000,
      );
    await evaluatedUntilOpen('command-failed', 'the failed limit read from the garage');
    expect(openOf('command-failed').map((a) => [a.device, a.serial, a.command])).toEqual([
      ['garage', HMS_SERIAL, 'limit'],
    ]);
    await evaluatedUntilOpen('event-fault', 'the grid fault read from the roof event logs');
    // One alert per inverter that logged it, all of them the roof's (the garage has none).
    expect(new Set(openOf('event-fault').map((a) => `${a.device} ${a.code}`))).toEqual(
      new Set([`roof ${roofFault.id}`]),
    );
  }, 90_000);

  it('follows a device added at run time: its unreachable inverter, its absence, its removal', async () => {
    const companion = await startCompanionApp('', '', {
      devices: [{ name: 'Roof', url: roof.url, password: PASSWORD }],
    });
    const clock = { now: Date.now() - 15 * MINUTE };
    const { rows, evaluators, conditions } = evaluatorsOver(companion, clock);
    onTestFinished(() => evaluators.stop());
    const registry = companion.app.devices!;
    registry.add(
      new DeviceTarget({ id: 'garage', url: garage.url, password: PASSWORD }),
      'Garage',
      'screen',
    );

    await waitFor(
      () =>
        conditions('garage')
          .map(describeCondition)
          .includes(`inverter-unreachable garage ${HMS_SERIAL}`),
      'the garage inverter unreachable',
      30_000,
    );
    // The roof has the same serial, answering.
    await waitFor(
      () => registry.get('roof')?.companion.live.hasInverter(HMS_SERIAL),
      'the roof inverters',
      20_000,
    );
    expect(conditions('roof').filter((c) => c.kind === 'inverter-unreachable')).toEqual([]);
    // The test clock starts 15 minutes back, so that it is the host's time again once the
    // unreachable alert is due: the device's absence is timed by the host clock.
    evaluators.evaluate();
    clock.now = Date.now();
    evaluators.evaluate();
    // (The limit of the test before still fails on the garage, and the roof logged its fault.)
    const openOf = (kind: string) => rows.open().filter((a) => a.kind === kind);
    expect(openOf('inverter-unreachable').map((a) => [a.kind, a.device, a.serial])).toEqual([
      ['inverter-unreachable', 'garage', HMS_SERIAL],
    ]);

    // The garage goes away: device-away for it alone, after its 5 minutes.
    await garage.kill();
    const garageCompanion = registry.get('garage')!.companion;
    await waitFor(() => garageCompanion.awaySince !== undefined, 'the garage away', 20_000);
    clock.now = Date.now();
    evaluators.evaluate();
    expect(openOf('device-away')).toEqual([]);
    clock.now += 5 * MINUTE;
    evaluators.evaluate();
    expect(openOf('device-away').map((a) => a.device)).toEqual(['garage']);
    const roofOpen = rows.open().filter((a) => a.device === 'roof');
    const garageOpen = rows.open().filter((a) => a.device === 'garage');

    // Removed: every open alert of the garage clears at once; the roof's evaluator stays.
    const removedAt = clock.now;
    await registry.remove('garage');
    await waitFor(() => !evaluators.has('garage'), 'the garage evaluator gone', 5_000);
    expect(rows.open()).toEqual(roofOpen);
    const cleared = rows.clearedSince(0).filter((a) => a.device === 'garage');
    expect(cleared.map((a) => [a.id, a.cleared]).sort()).toEqual(
      garageOpen.map((a) => [a.id, removedAt]).sort(),
    );
    expect(garageOpen.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['inverter-unreachable', 'device-away']),
    );
    expect(evaluators.has('roof')).toBe(true);
  }, 90_000);
});
