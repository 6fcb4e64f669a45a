import { describe, expect, it } from 'vitest';
import { isJsonPathSyntax, pickJsonNumber, pickPayloadNumber } from './json-path.js';

describe('json path picker', () => {
  it('reads Shelly, Tasmota and array paths', () => {
    expect(pickJsonNumber({ id: 0, total_act_power: -412.5 }, 'total_act_power')).toBe(-412.5);
    expect(pickJsonNumber({ SML: { Power_curr: 230 } }, 'SML.Power_curr')).toBe(230);
    expect(pickJsonNumber({ emeters: [{ power: 1 }, { power: 7 }] }, 'emeters.1.power')).toBe(7);
  });
  it('answers null where the path leads nowhere or to no number', () => {
    expect(pickJsonNumber({ a: 1 }, 'b')).toBeNull();
    expect(pickJsonNumber({ a: { b: 'x' } }, 'a.b')).toBeNull();
    expect(pickJsonNumber({ a: [1] }, 'a.3')).toBeNull();
    expect(pickJsonNumber({ a: {} }, 'a')).toBeNull();
    expect(pickJsonNumber({}, 'toString')).toBeNull();
  });
  it('takes a plain number payload with the empty path', () => {
    expect(pickPayloadNumber('512', '')).toBe(512);
    expect(pickPayloadNumber('"12.5"', '')).toBe(12.5);
    expect(pickPayloadNumber('not json', '')).toBeNull();
  });
  it('checks the path syntax', () => {
    expect(isJsonPathSyntax('SML.Power_curr')).toBe(true);
    expect(isJsonPathSyntax('emeters.0.power')).toBe(true);
    expect(isJsonPathSyntax('')).toBe(true);
    expect(isJsonPathSyntax('a..b')).toBe(false);
    expect(isJsonPathSyntax('a[0]')).toBe(false);
  });
});
