import { describe, expect, it } from 'vitest';
import { subjectOf, type AlertCondition } from '@heliodtu/contract/domain/alert-rules';
import { MemoryAlertRows } from '../history/alert-rows.js';
import type { AlertSources } from './evaluator.js';
import { AlertEvaluators } from './evaluator-set.js';
import { extraConditionsOf, type AlertConditionSource } from './extra-conditions.js';

// One evaluator per device of a companion, on a clock of the test's own: device-away per device
// after its 5 minutes, and a removed device's open alerts cleared at once.

const MINUTE = 60_000;
const T0 = Date.UTC(2025, 5, 21, 10);

/** A device with no inverters that can be told to go away. */
function fakeDevice(device: string, clock: { now: number }) {
  const state = { awaySince: null as number | null };
  const sources: AlertSources = {
    device,
    inverterSerials: () => [],
    liveData: () => ({ inverters: [] }),
    now: () => clock.now,
    daylight: () => true,
    deviceAwaySince: () => state.awaySince,
    historyRecording: () => null,
  };
  return { sources, state };
}

function setUp() {
  const clock = { now: T0 };
  const rows = new MemoryAlertRows();
  const evaluators = new AlertEvaluators(
    () => rows,
    () => rows,
    () => clock.now,
    () => undefined,
  );
  const opened: string[] = [];
  const cleared: string[] = [];
  evaluators.on('opened', (a) => opened.push(`${a.kind} ${a.device}`));
  evaluators.on('cleared', (a) => cleared.push(`${a.kind} ${a.device}`));
  return { clock, rows, evaluators, opened, cleared };
}

describe('AlertEvaluators', () => {
  it('raises device-away for the device that went away only, after 5 minutes', () => {
    const { clock, evaluators, opened } = setUp();
    const roof = fakeDevice('roof', clock);
    const garage = fakeDevice('garage', clock);
    evaluators.add(roof.sources);
    evaluators.add(garage.sources);
    garage.state.awaySince = clock.now;
    evaluators.evaluate();
    clock.now += 5 * MINUTE - 1;
    evaluators.evaluate();
    expect(opened).toEqual([]);
    clock.now += 1;
    evaluators.evaluate();
    expect(opened).toEqual(['device-away garage']);
    expect(evaluators.openAlerts().map((a) => a.device)).toEqual(['garage']);
  });

  it('clears the open alerts of a removed device at once, and keeps the others', () => {
    const { clock, rows, evaluators, cleared } = setUp();
    const roof = fakeDevice('roof', clock);
    const garage = fakeDevice('garage', clock);
    evaluators.add(roof.sources);
    evaluators.add(garage.sources);
    roof.state.awaySince = clock.now;
    garage.state.awaySince = clock.now;
    evaluators.evaluate();
    clock.now += 6 * MINUTE;
    evaluators.evaluate();
    expect(rows.open()).toHaveLength(2);
    evaluators.remove('garage');
    expect(cleared).toEqual(['device-away garage']);
    expect(rows.clearedSince(0).map((a) => [a.device, a.cleared])).toEqual([['garage', clock.now]]);
    expect(evaluators.openAlerts().map((a) => a.device)).toEqual(['roof']);
    // Removed means no more evaluations for it.
    clock.now += 20 * MINUTE;
    evaluators.evaluate();
    expect(rows.open().map((a) => a.device)).toEqual(['roof']);
  });

  it('clears at start the open alerts of devices no longer there', () => {
    const { clock, rows, evaluators, cleared } = setUp();
    rows.insert({
      key: 'device-away|barn||||',
      kind: 'device-away',
      device: 'barn',
      serial: null,
      string: null,
      code: null,
      command: null,
      firstSeen: T0 - 10 * MINUTE,
      opened: T0 - 5 * MINUTE,
      cleared: null,
    });
    evaluators.add(fakeDevice('roof', clock).sources);
    evaluators.clearOthers();
    expect(cleared).toEqual(['device-away barn']);
    expect(rows.open()).toEqual([]);
  });

  it('raises the conditions other services register on the evaluator of their device', () => {
    const { clock, evaluators, opened, cleared } = setUp();
    const failures: string[] = [];
    const unconfirmed: AlertCondition[] = [
      {
        kind: 'control-unconfirmed',
        subject: {
          device: 'garage',
          serial: '114100000002',
          string: null,
          code: null,
          command: null,
        },
      },
    ];
    const sources: AlertConditionSource[] = [
      () => unconfirmed,
      (_now, gatewayDevice) => [{ kind: 'meter-lost', subject: subjectOf(gatewayDevice) }],
      () => {
        throw new Error('broken source');
      },
    ];
    const extraConditions = extraConditionsOf(
      () => sources,
      () => 'roof',
      (line) => failures.push(line),
    );
    evaluators.add({ ...fakeDevice('roof', clock).sources, extraConditions });
    evaluators.add({ ...fakeDevice('garage', clock).sources, extraConditions });
    evaluators.evaluate();
    expect(opened.sort()).toEqual(['control-unconfirmed garage', 'meter-lost roof']);
    expect(failures[0]).toContain('broken source');
    unconfirmed.length = 0;
    evaluators.evaluate();
    clock.now += 10 * MINUTE;
    evaluators.evaluate();
    expect(cleared).toEqual(['control-unconfirmed garage']);
  });
});
