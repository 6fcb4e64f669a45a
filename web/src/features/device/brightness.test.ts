import { describe, expect, it } from 'vitest';
import { equalizeBrightness, sameBrightness, slideBrightness } from './brightness';

const leds = (...values: number[]) => values.map((brightness) => ({ brightness }));

describe('equal brightness rule', () => {
  it('starts on only when all LEDs share one brightness', () => {
    expect(sameBrightness(leds(100, 100))).toBe(true);
    expect(sameBrightness(leds(40, 100))).toBe(false);
    expect(sameBrightness([])).toBe(true);
  });

  it('switching on gives every LED the first one’s brightness', () => {
    expect(equalizeBrightness(leds(40, 100))).toEqual(leds(40, 40));
    expect(equalizeBrightness([])).toEqual([]);
  });

  it('a slider moves all LEDs while on, only its own while off', () => {
    expect(slideBrightness(leds(40, 40), 1, 75, true)).toEqual(leds(75, 75));
    expect(slideBrightness(leds(40, 40), 1, 75, false)).toEqual(leds(40, 75));
    expect(slideBrightness(leds(40, 90), 0, 0, false)).toEqual(leds(0, 90));
  });

  it('does not change the given list', () => {
    const given = leds(10, 20);
    slideBrightness(given, 0, 50, true);
    equalizeBrightness(given);
    expect(given).toEqual(leds(10, 20));
  });
});
