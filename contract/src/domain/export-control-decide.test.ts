import { describe, expect, it } from 'vitest';
import {
  confirms,
  inDailyWindow,
  isManualChange,
  planCommands,
  withinHysteresis,
  worthCommand,
  type PlannedLimit,
} from './export-control-decide.js';

const planned = (over: Partial<PlannedLimit> & { key: string }): PlannedLimit => ({
  from_w: 400,
  to_w: 400,
  lower_w: 0,
  upper_w: 800,
  increaseHeld: false,
  ...over,
});

describe('hysteresis', () => {
  it('holds while the grid is within target ± hysteresis', () => {
    expect(withinHysteresis(15, 0, 20)).toBe(true);
    expect(withinHysteresis(-20, 0, 20)).toBe(true);
    expect(withinHysteresis(-21, 0, 20)).toBe(false);
    expect(withinHysteresis(-60, -50, 20)).toBe(true);
  });

  it('sends no command for a change smaller than the hysteresis', () => {
    expect(worthCommand(400, 415, 20)).toBe(false);
    expect(worthCommand(400, 420, 20)).toBe(true);
    expect(worthCommand(400, 400, 0)).toBe(false);
    expect(worthCommand(400, 401, 0)).toBe(true);
  });
});

describe('confirmation and manual limits', () => {
  it('a read-back within 2 % of the request confirms it', () => {
    expect(confirms(392, 400)).toBe(true);
    expect(confirms(408, 400)).toBe(true);
    expect(confirms(391, 400)).toBe(false);
    expect(confirms(null, 400)).toBe(false);
    expect(confirms(1, 0)).toBe(true);
  });

  it('allows the inverter’s reporting step (0.1 % of its maximum) for small requests', () => {
    // 12 W of 2250 W is 0.53 %, read back as 0.5 % = 11.25 W.
    expect(confirms(11.25, 12)).toBe(true);
    expect(confirms(13.5, 12)).toBe(false);
    expect(confirms(13.5, 12, 2250)).toBe(true);
    expect(isManualChange(12, 13.5, 2250)).toBe(false);
  });

  it('a read-back away from what control confirmed is manual', () => {
    expect(isManualChange(400, 400)).toBe(false);
    expect(isManualChange(400, 600)).toBe(true);
    expect(isManualChange(null, 600)).toBe(false);
  });
});

describe('planCommands', () => {
  it('sends decreases before increases', () => {
    const commands = planCommands(
      [
        planned({ key: 'up', from_w: 200, to_w: 400 }),
        planned({ key: 'down', from_w: 600, to_w: 300 }),
      ],
      20,
    );
    expect(commands.map((c) => c.key)).toEqual(['down', 'up']);
  });

  it('holds back increases by the spacing, never decreases', () => {
    const commands = planCommands(
      [
        planned({ key: 'up', from_w: 200, to_w: 400, increaseHeld: true }),
        planned({ key: 'down', from_w: 600, to_w: 300, increaseHeld: true }),
      ],
      20,
    );
    expect(commands).toEqual([{ key: 'down', watts: 300 }]);
  });

  it('while the house imports sends no decrease, while it exports no increase', () => {
    const plan = [
      planned({ key: 'up', from_w: 200, to_w: 400 }),
      planned({ key: 'down', from_w: 600, to_w: 300 }),
    ];
    expect(planCommands(plan, 20, 1)).toEqual([{ key: 'up', watts: 400 }]);
    expect(planCommands(plan, 20, -1)).toEqual([{ key: 'down', watts: 300 }]);
    expect(planCommands(plan, 20)).toHaveLength(2);
  });

  it('gives a change one inverter can take whole to the least used one that follows its limit', () => {
    const plan = [
      planned({ key: 'a', from_w: 100, to_w: 160, follows: true, recentCommands: 30 }),
      planned({ key: 'b', from_w: 120, to_w: 180, follows: true, recentCommands: 5 }),
      planned({ key: 'shaded', from_w: 120, to_w: 120, follows: false, recentCommands: 0 }),
    ];
    expect(planCommands(plan, 20, 1)).toEqual([{ key: 'b', watts: 240 }]);
  });

  it('shares a change no inverter can take alone within its share’s margin', () => {
    const plan = [
      planned({ key: 'a', from_w: 100, to_w: 400, follows: true }),
      planned({ key: 'b', from_w: 100, to_w: 400, follows: true }),
    ];
    expect(planCommands(plan, 20, 1)).toEqual([
      { key: 'a', watts: 400 },
      { key: 'b', watts: 400 },
    ]);
  });

  it('drops changes smaller than the hysteresis', () => {
    const commands = planCommands(
      [planned({ key: 'a', from_w: 400, to_w: 410 }), planned({ key: 'b', to_w: 300 })],
      20,
    );
    expect(commands).toEqual([{ key: 'b', watts: 300 }]);
  });

  it('gives small changes that add up to the hysteresis to the inverter with most room', () => {
    const commands = planCommands(
      [
        planned({ key: 'a', from_w: 400, to_w: 390 }),
        planned({ key: 'b', from_w: 500, to_w: 490 }),
        planned({ key: 'c', from_w: 100, to_w: 90 }),
      ],
      20,
    );
    expect(commands).toEqual([{ key: 'b', watts: 470 }]);
  });
});

describe('daily window', () => {
  const at = (h: number, m = 0) => h * 60 + m;

  it('holds between start and end', () => {
    expect(inDailyWindow(at(9), '08:00', '18:00')).toBe(true);
    expect(inDailyWindow(at(18), '08:00', '18:00')).toBe(false);
    expect(inDailyWindow(at(7, 59), '08:00', '18:00')).toBe(false);
  });

  it('spans midnight when start is after end', () => {
    expect(inDailyWindow(at(23), '22:00', '06:00')).toBe(true);
    expect(inDailyWindow(at(3), '22:00', '06:00')).toBe(true);
    expect(inDailyWindow(at(6), '22:00', '06:00')).toBe(false);
    expect(inDailyWindow(at(12), '22:00', '06:00')).toBe(false);
  });
});
