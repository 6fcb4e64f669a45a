import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInclusive,
  daysInMonth,
  parseHistoryDate,
  parseHistoryMonth,
  parseHistoryYear,
} from './history-dates.js';

describe('history dates', () => {
  it('accepts calendar dates in range only', () => {
    expect(parseHistoryDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      '2025-02-29',
      '2025-13-01',
      '2025-6-1',
      '1999-12-31',
      '2100-01-01',
      '',
      'x',
    ]) {
      expect(parseHistoryDate(bad), bad).toBeNull();
    }
    expect(parseHistoryMonth('2025-06')).toEqual({ year: 2025, month: 6 });
    expect(parseHistoryMonth('2025-00')).toBeNull();
    expect(parseHistoryYear('2025')).toBe(2025);
    expect(parseHistoryYear('1999')).toBeNull();
  });

  it('steps days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-06-21', -60)).toBe('2025-04-22');
    expect(daysInclusive('2025-06-01', '2025-06-30')).toBe(30);
    expect(daysInclusive('2025-06-02', '2025-06-01')).toBe(0);
    expect(daysInMonth(2024, 2)).toBe(29);
  });
});
