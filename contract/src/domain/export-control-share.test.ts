import { describe, expect, it } from 'vitest';
import {
  isSunHeld,
  neededProduction,
  perInputLimitFloor,
  shareLimits,
  sunHeldHeadroom,
  usableOutput,
  type ShareCandidate,
} from './export-control-share.js';

const inverter = (over: Partial<ShareCandidate> & { key: string }): ShareCandidate => ({
  lower_w: 0,
  upper_w: 800,
  power_w: 400,
  limit_w: 400,
  inputs_w: [205, 205],
  ...over,
});

describe('neededProduction', () => {
  it('is production now plus grid above the target', () => {
    const all = [inverter({ key: 'a', power_w: 300 }), inverter({ key: 'b', power_w: 200 })];
    expect(neededProduction(all, -200, 0)).toBe(300);
    expect(neededProduction(all, 100, 30)).toBe(570);
    expect(neededProduction(all, -50, -50)).toBe(500);
  });

  it('is clamped to the sum of lower and upper limits', () => {
    const all = [
      inverter({ key: 'a', power_w: 300, lower_w: 50 }),
      inverter({ key: 'b', power_w: 200, lower_w: 100, upper_w: 400 }),
    ];
    expect(neededProduction(all, -2000, 0)).toBe(150);
    expect(neededProduction(all, 5000, 0)).toBe(1200);
  });
});

describe('sun-held inverters', () => {
  it('an inverter producing at its limit is not sun-held', () => {
    expect(isSunHeld(inverter({ key: 'a', limit_w: 400, inputs_w: [200, 200] }))).toBe(false);
  });

  it('an inverter whose inputs all give clearly less than their share of the limit is', () => {
    const held = inverter({ key: 'a', power_w: 150, limit_w: 400, inputs_w: [80, 75] });
    expect(isSunHeld(held)).toBe(true);
    expect(usableOutput(held)).toBe(150);
  });

  it('a shaded input counts only the free inputs’ room', () => {
    const half = inverter({ key: 'a', power_w: 392, limit_w: 400, inputs_w: [205, 190] });
    expect(usableOutput(half)).toBe(392 + 200);
  });

  it('clearly below its limit it is sun-held as a whole, a strong input notwithstanding', () => {
    // An HMS-2000 capping its whole output: two inputs above a quarter of the limit are not
    // capped by it, so it cannot give more by a higher limit.
    const hms = inverter({
      key: 'a',
      upper_w: 2000,
      power_w: 700,
      limit_w: 952,
      inputs_w: [248, 248, 119, 112],
    });
    expect(usableOutput(hms)).toBe(700);
  });

  it('a few percent below its limit the limit still holds it (conversion losses)', () => {
    const hmt = inverter({
      key: 'a',
      upper_w: 2250,
      power_w: 118,
      limit_w: 122,
      inputs_w: [23, 24, 23, 24, 28, 5],
    });
    expect(usableOutput(hmt)).toBeCloseTo(118 + (5 / 6) * (2250 - 122), 5);
  });

  it('nothing is known to be sun-held without a known limit or inputs', () => {
    expect(isSunHeld(inverter({ key: 'a', limit_w: null }))).toBe(false);
    expect(isSunHeld(inverter({ key: 'a', inputs_w: [] }))).toBe(false);
  });
});

describe('shareLimits', () => {
  it('asks a limit-held inverter as much more as it gives below its limit (at most 3 %)', () => {
    const lagging = inverter({ key: 'a', power_w: 388, limit_w: 400, inputs_w: [200, 200] });
    expect(shareLimits([lagging], 500).get('a')).toBe(Math.round((500 * 400) / 388));
    const far = inverter({ key: 'a', power_w: 370, limit_w: 400, inputs_w: [200, 200] });
    expect(shareLimits([far], 500).get('a')).toBe(Math.round(500 / 0.97));
  });

  it('shares by upper limits', () => {
    const all = [
      inverter({ key: 'a', upper_w: 800, power_w: 800, limit_w: 800, inputs_w: [400, 400] }),
      inverter({ key: 'b', upper_w: 400, power_w: 400, limit_w: 400, inputs_w: [200, 200] }),
    ];
    const limits = shareLimits(all, 600);
    expect(limits.get('a')).toBe(400);
    expect(limits.get('b')).toBe(200);
  });

  it('keeps each within its lower and upper limit', () => {
    const all = [
      inverter({
        key: 'a',
        lower_w: 100,
        upper_w: 800,
        power_w: 800,
        limit_w: 800,
        inputs_w: [400, 400],
      }),
      inverter({
        key: 'b',
        lower_w: 0,
        upper_w: 200,
        power_w: 200,
        limit_w: 200,
        inputs_w: [100, 100],
      }),
    ];
    const low = shareLimits(all, 50);
    expect(low.get('a')).toBeGreaterThanOrEqual(100);
    const high = shareLimits(all, 990);
    expect(high.get('a')).toBe(792);
    expect(high.get('b')).toBe(198);
    const top = shareLimits(all, 1500);
    expect(top.get('a')).toBe(800);
    expect(top.get('b')).toBe(200);
  });

  it('gives a sun-held inverter no headroom it cannot use while another can', () => {
    const shaded = inverter({ key: 'shaded', power_w: 100, limit_w: 600, inputs_w: [52, 52] });
    const sunny = inverter({ key: 'sunny', power_w: 500, limit_w: 500, inputs_w: [260, 260] });
    const limits = shareLimits([shaded, sunny], 800);
    // By upper limits alone each would get 400 and the shaded one would give only 100 of it;
    // it keeps 5 % of its upper limit above what it gives.
    expect(limits.get('shaded')).toBe(140);
    expect(limits.get('sunny')).toBe(700);
  });

  it('leaves a sun-held inverter its limit while it stays a few headrooms above its output', () => {
    const dimming = inverter({ key: 'dim', power_w: 100, limit_w: 180, inputs_w: [52, 52] });
    const sunny = inverter({ key: 'sunny', power_w: 500, limit_w: 500, inputs_w: [260, 260] });
    expect(shareLimits([dimming, sunny], 600).get('dim')).toBe(180);
    const far = { ...dimming, limit_w: 300 };
    expect(shareLimits([far, sunny], 600).get('dim')).toBe(140);
  });

  it('gives the sun-held inverter the rest only once the others are at their upper limits', () => {
    const shaded = inverter({ key: 'shaded', power_w: 100, limit_w: 600, inputs_w: [52, 52] });
    const sunny = inverter({ key: 'sunny', power_w: 500, limit_w: 500, inputs_w: [260, 260] });
    const limits = shareLimits([shaded, sunny], 1500);
    expect(limits.get('sunny')).toBe(800);
    expect(limits.get('shaded')).toBe(700);
  });

  it('gives an inverter that caps each input room above its strongest input while the house imports', () => {
    // An HMS-2000-4T capping each input at a quarter of 896 W: the east inputs sit at that part
    // (÷ 0.96 on the DC side), the west ones get little; 668 W is far below its limit.
    const hms = inverter({
      key: 'hms',
      upper_w: 2000,
      power_w: 668,
      limit_w: 896,
      inputs_w: [233, 233, 110, 110],
    });
    const hmt = inverter({
      key: 'hmt',
      upper_w: 2250,
      power_w: 1170,
      limit_w: 1954,
      inputs_w: [260, 250, 255, 245, 90, 100],
    });
    expect(perInputLimitFloor(hms, sunHeldHeadroom(2000))).toBe(4 * 233 + 100);
    // A strong input well above its part: the inverter caps its total, not each input.
    expect(perInputLimitFloor(hmt, sunHeldHeadroom(2250))).toBe(0);
    // Both sun-held, the house importing 170 W: the HMS's limit rises so its east inputs may give more.
    const limits = shareLimits([hms, hmt], 668 + 1170 + 170);
    expect(limits.get('hms')).toBe(4 * 233 + 100);
    expect(limits.get('hmt')).toBeLessThanOrEqual(1954);
  });

  it('cuts everyone alike when the cut is below what the sun gives', () => {
    const shaded = inverter({ key: 'shaded', power_w: 300, limit_w: 800, inputs_w: [155, 155] });
    const sunny = inverter({ key: 'sunny', power_w: 500, limit_w: 500, inputs_w: [260, 260] });
    const limits = shareLimits([shaded, sunny], 400);
    expect(limits.get('shaded')).toBe(200);
    expect(limits.get('sunny')).toBe(200);
  });

  it('answers nothing for no inverter', () => {
    expect(shareLimits([], 100).size).toBe(0);
  });
});
