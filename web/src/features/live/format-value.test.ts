import { describe, expect, it } from 'vitest';
import { formattersFor } from '@/lib/format';
import { formatTimeOfDay, formatValue, formatValueWithUnit } from './format-value';

const en = formattersFor('en');
const de = formattersFor('de');

describe('format-value', () => {
  it('formats with the decimals the device sends', () => {
    expect(formatValue(en, { v: 402.7, d: 1 })).toBe('402.7');
    expect(formatValue(en, { v: 50, d: 2 })).toBe('50.00');
    expect(formatValue(en, { v: 1253.596, d: 3 })).toBe('1,253.596');
    expect(formatValue(de, { v: 1253.596, d: 3 })).toBe('1.253,596');
    expect(formatValue(en, { v: 15675, d: 0 })).toBe('15,675');
  });

  it('shows a dash for a missing or null value', () => {
    expect(formatValue(en, undefined)).toBe('–');
    expect(formatValue(en, { v: null, d: 1 })).toBe('–');
    expect(formatValueWithUnit(en, { v: null, u: 'W', d: 1 })).toBe('–');
  });

  it('adds the unit unless it is empty', () => {
    expect(formatValueWithUnit(en, { v: 402.7, u: 'W', d: 1 })).toBe('402.7 W');
    expect(formatValueWithUnit(en, { v: 1, u: '', d: 3 })).toBe('1.000');
  });

  it('shows seconds since midnight as HH:MM:SS, wrapping past midnight', () => {
    expect(formatTimeOfDay(0)).toBe('00:00:00');
    expect(formatTimeOfDay(19805)).toBe('05:30:05');
    expect(formatTimeOfDay(43050)).toBe('11:57:30');
    expect(formatTimeOfDay(86399)).toBe('23:59:59');
    expect(formatTimeOfDay(86400 + 61)).toBe('00:01:01');
  });
});
