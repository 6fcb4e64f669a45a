import { describe, expect, it } from 'vitest';
import { defaultLimitText, rangeFor, validateLimit } from './limit-form';

const hm800 = { limit_relative: 75, max_power: 800, limit_set_status: 'Ok' as const };
const unknown = { limit_relative: 100, max_power: 0, limit_set_status: 'Ok' as const };
const input = (value: string, relative = true, persistent = false) => ({
  value,
  relative,
  persistent,
});

describe('limit form (spec §4, §7)', () => {
  it('relative: 0..100 %', () => {
    expect(rangeFor(true, hm800)).toEqual({ min: 0, max: 100 });
    expect(validateLimit('1', input('0'), hm800).ok).toBe(true);
    expect(validateLimit('1', input('100'), hm800).ok).toBe(true);
    expect(validateLimit('1', input('100.1'), hm800)).toEqual({
      ok: false,
      error: 'range',
      range: { min: 0, max: 100 },
    });
    expect(validateLimit('1', input('-1'), hm800).ok).toBe(false);
  });

  it('absolute: 0..max power, or 2250 W while the max power is unknown', () => {
    expect(rangeFor(false, hm800)).toEqual({ min: 0, max: 800 });
    expect(validateLimit('1', input('800', false), hm800).ok).toBe(true);
    expect(validateLimit('1', input('801', false), hm800).ok).toBe(false);
    expect(rangeFor(false, unknown)).toEqual({ min: 0, max: 2250 });
    expect(rangeFor(false, undefined)).toEqual({ min: 0, max: 2250 });
    expect(validateLimit('1', input('2250', false), unknown).ok).toBe(true);
    expect(validateLimit('1', input('2251', false), unknown).ok).toBe(false);
  });

  it('empty is required; text that is no number is out of range', () => {
    expect(validateLimit('1', input(''), hm800)).toEqual({ ok: false, error: 'required' });
    expect(validateLimit('1', input('   '), hm800)).toEqual({ ok: false, error: 'required' });
    expect(validateLimit('1', input('abc'), hm800)).toMatchObject({ ok: false, error: 'range' });
  });

  it('accepts a decimal comma', () => {
    expect(validateLimit('1', input('50,5'), hm800)).toMatchObject({
      ok: true,
      request: { limit_value: 50.5 },
    });
  });

  it.each([
    [true, false, 1],
    [false, false, 0],
    [true, true, 257],
    [false, true, 256],
  ])('relative %s persistent %s sends limit_type %i', (relative, persistent, limitType) => {
    expect(validateLimit('116180123456', input('40', relative, persistent), hm800)).toEqual({
      ok: true,
      request: { serial: '116180123456', limit_value: 40, limit_type: limitType },
    });
  });

  it('shows the current limit in the chosen unit', () => {
    expect(defaultLimitText(true, hm800)).toBe('75');
    expect(defaultLimitText(false, hm800)).toBe('600');
    expect(defaultLimitText(true, { ...hm800, limit_relative: 33.333 })).toBe('33.3');
    expect(defaultLimitText(false, unknown)).toBe('');
    expect(defaultLimitText(true, undefined)).toBe('');
  });
});
