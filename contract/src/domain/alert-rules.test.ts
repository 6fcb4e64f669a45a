import { describe, expect, it } from 'vitest';
import {
  ALERT_HOLD_OFF_MS,
  alertKey,
  gatewayConditions,
  inverterConditions,
  stepAlerts,
  trackerOf,
  weakStringConditions,
  type AlertCondition,
  type AlertTrackerState,
  type InverterFacts,
  type TrackedAlert,
} from './alert-rules.js';
import { commandConditions, eventFaultClass, eventFaultConditions } from './alert-faults.js';

const MINUTE = 60_000;
const A = '114182352591';
const B = '1164a113c7e2';

const fact = (serial: string, over: Partial<InverterFacts> = {}): InverterFacts => ({
  serial,
  pollEnabled: true,
  reachable: true,
  producing: true,
  ...over,
});

/** Runs minute by minute; `conditionsAt(minute)` says what holds. */
function run(minutes: number, conditionsAt: (minute: number) => AlertCondition[]) {
  let state: AlertTrackerState = {};
  const opened: { at: number; alert: TrackedAlert }[] = [];
  const cleared: { at: number; alert: TrackedAlert }[] = [];
  for (let m = 0; m <= minutes; m++) {
    const step = stepAlerts(state, conditionsAt(m), m * MINUTE);
    state = step.state;
    opened.push(...step.opened.map((alert) => ({ at: m, alert })));
    cleared.push(...step.cleared.map((alert) => ({ at: m, alert })));
  }
  return { state, opened, cleared };
}

const unreachableA = (daylight: boolean, reachable: boolean, radioProblem = false) =>
  inverterConditions('local', [fact(A, { reachable, producing: reachable }), fact(B)], {
    daylight,
    radioProblem,
  });

describe('inverter conditions', () => {
  it('an unreachable inverter in daylight is a condition; at night, polling off or radio missing it is not', () => {
    expect(unreachableA(true, false).map((c) => [c.kind, c.subject.serial])).toEqual([
      ['inverter-unreachable', A],
    ]);
    expect(unreachableA(false, false)).toEqual([]);
    expect(unreachableA(true, false, true)).toEqual([]);
    const pollOff = inverterConditions(
      'local',
      [fact(A, { reachable: false, pollEnabled: false })],
      {
        daylight: true,
        radioProblem: false,
      },
    );
    expect(pollOff).toEqual([]);
  });

  it('silent: reachable, producing nothing while another inverter of the device produces', () => {
    const silent = inverterConditions('local', [fact(A, { producing: false }), fact(B)], {
      daylight: true,
      radioProblem: false,
    });
    expect(silent.map((c) => [c.kind, c.subject.serial])).toEqual([['inverter-silent', A]]);
    // Nobody produces (a dark sky): nothing to compare with.
    const allDark = inverterConditions(
      'local',
      [fact(A, { producing: false }), fact(B, { producing: false })],
      { daylight: true, radioProblem: false },
    );
    expect(allDark).toEqual([]);
  });
});

describe('stepAlerts', () => {
  it('night raises nothing, however long an inverter does not answer', () => {
    const { opened } = run(12 * 60, () => unreachableA(false, false));
    expect(opened).toEqual([]);
  });

  it('opens after 15 minutes of daylight, with first-seen at the start', () => {
    const { opened } = run(30, () => unreachableA(true, false));
    expect(opened.map((o) => o.at)).toEqual([15]);
    expect(opened[0]?.alert.since).toBe(0);
    expect(opened[0]?.alert.raisedAt).toBe(15 * MINUTE);
  });

  it('a condition that lapses before its delay starts afresh', () => {
    // Unreachable 10 minutes, back 1, unreachable 10 again: never 15 in a row.
    const { opened } = run(21, (m) => unreachableA(true, m === 10));
    expect(opened).toEqual([]);
  });

  it('a flapping connection gives one alert, and it clears once after the hold-off', () => {
    // Down 20 minutes, then up and down every 3 minutes for an hour, then up for good.
    const down = (m: number) => m < 20 || (m < 80 && Math.floor(m / 3) % 2 === 0);
    const { opened, cleared, state } = run(120, (m) => unreachableA(true, !down(m)));
    expect(opened.map((o) => o.at)).toEqual([15]);
    expect(cleared).toHaveLength(1);
    // Last down minute: 79 (79/3 = 26, even); back from 80; cleared 10 minutes later.
    expect(cleared[0]?.at).toBe(80 + ALERT_HOLD_OFF_MS / MINUTE);
    expect(cleared[0]?.alert.goneSince).toBe(80 * MINUTE);
    expect(state).toEqual({});
  });

  it('a condition back within the hold-off continues the same alert', () => {
    const { opened, cleared, state } = run(40, (m) => unreachableA(true, m >= 20 && m < 29));
    expect(opened).toHaveLength(1);
    expect(cleared).toEqual([]);
    const only = Object.values(state)[0];
    expect(only?.since).toBe(0);
    expect(only?.goneSince).toBeNull();
  });

  it('open alerts read back after a restart continue and clear once', () => {
    const first = run(20, () => unreachableA(true, false));
    const open = Object.values(first.state);
    let state = trackerOf(open);
    const cleared: TrackedAlert[] = [];
    const reopened: TrackedAlert[] = [];
    for (let m = 21; m < 40; m++) {
      const step = stepAlerts(state, unreachableA(true, m >= 25), m * MINUTE);
      state = step.state;
      cleared.push(...step.cleared);
      reopened.push(...step.opened);
    }
    expect(reopened).toEqual([]);
    expect(cleared.map((c) => c.key)).toEqual(open.map((o) => o.key));
  });

  it('a device away opens 5 minutes after it went, counted from when it went', () => {
    const away = (since: number) =>
      gatewayConditions({
        device: 'dtu1',
        clockUnsynced: false,
        radioProblem: false,
        deviceAwaySince: since,
        historyRecording: true,
      });
    expect(stepAlerts({}, away(0), 4 * MINUTE).opened).toEqual([]);
    expect(stepAlerts({}, away(0), 5 * MINUTE).opened.map((a) => a.kind)).toEqual(['device-away']);
  });

  it('the clock unsynchronised opens after an hour; a full disk at once', () => {
    const facts = {
      device: 'local',
      clockUnsynced: true,
      radioProblem: null,
      deviceAwaySince: null,
      historyRecording: false,
    };
    const { opened } = run(61, () => gatewayConditions(facts));
    expect(opened.map((o) => [o.alert.kind, o.at])).toEqual([
      ['history-stopped', 0],
      ['clock-unsynced', 60],
    ]);
  });
});

describe('event faults', () => {
  it('the table classes grid, islanding, temperature, insulation, hardware; start and no input are no faults', () => {
    expect(eventFaultClass(141)).toBe('grid-voltage');
    expect(eventFaultClass(145)).toBe('grid-frequency');
    expect(eventFaultClass(149)).toBe('islanding');
    expect(eventFaultClass(121)).toBe('over-temperature');
    expect(eventFaultClass(181)).toBe('insulation');
    expect(eventFaultClass(127)).toBe('hardware');
    for (const id of [1, 2, 124, 209, 95]) expect(eventFaultClass(id)).toBeNull();
  });

  it('an ended fault holds once, an open one while open; a start entry never', () => {
    const events = [
      { message_id: 1, start_time: 20_000, end_time: 20_000 },
      { message_id: 141, start_time: 40_000, end_time: 40_030 },
      { message_id: 121, start_time: 45_000, end_time: 0 },
    ];
    const first = eventFaultConditions('local', A, events, new Set());
    expect(first.map((c) => c.subject.code)).toEqual([141, 121]);
    const announced = new Set(first.map(alertKey));
    expect(eventFaultConditions('local', A, events, announced).map((c) => c.subject.code)).toEqual([
      121,
    ]);
  });
});

describe('commands and weak strings', () => {
  it('a command that ended in Failure holds; Ok or Pending do not', () => {
    const out = commandConditions('local', A, { limit: 'Failure', power: 'Ok' });
    expect(out.map((c) => c.subject.command)).toEqual(['limit']);
    expect(commandConditions('local', A, { limit: 'Pending', power: null })).toEqual([]);
  });

  it('a string the weak-string rule flags is a condition since it went weak', () => {
    const tracks = {
      [`${A}:2`]: { at: 40 * MINUTE, belowSince: 5 * MINUTE, share: 0.3 },
      [`${A}:1`]: { at: 40 * MINUTE, belowSince: 20 * MINUTE, share: 0.5 },
      [`${A}:0`]: { at: 40 * MINUTE, belowSince: null, share: 1 },
    };
    const out = weakStringConditions('local', tracks);
    expect(out.map((c) => [c.subject.serial, c.subject.string, c.since])).toEqual([
      [A, 2, 5 * MINUTE],
    ]);
  });
});
