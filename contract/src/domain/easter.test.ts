import { describe, expect, it } from 'vitest';
import { brandIconFor, easterSunday } from './easter.js';

describe('easterSunday', () => {
  it.each([
    [2000, 4, 23],
    [2008, 3, 23],
    [2011, 4, 24],
    [2016, 3, 27],
    [2019, 4, 21],
    [2024, 3, 31],
    [2025, 4, 20],
    [2026, 4, 5],
    [2027, 3, 28],
    [2038, 4, 25],
    [1943, 4, 25], // latest possible date
    [1818, 3, 22], // earliest possible date
    [2285, 3, 22],
    [1954, 4, 18],
    [1981, 4, 19],
  ])('%i: %i-%i', (year, month, day) => {
    expect(easterSunday(year)).toEqual({ year, month, day });
  });

  it('always falls on a Sunday between 22 March and 25 April', () => {
    for (let year = 1900; year <= 2200; year++) {
      const { month, day } = easterSunday(year);
      expect(new Date(Date.UTC(year, month - 1, day)).getUTCDay()).toBe(0);
      const asNumber = month * 100 + day;
      expect(asNumber).toBeGreaterThanOrEqual(322);
      expect(asNumber).toBeLessThanOrEqual(425);
    }
  });
});

// Local dates at noon and just around midnight, as the browser sees them.
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

describe('brandIconFor', () => {
  it('shows a tree from 24 to 26 December', () => {
    expect(brandIconFor(at(2025, 12, 23, 23, 59))).toBe('sun');
    expect(brandIconFor(at(2025, 12, 24, 0, 0))).toBe('tree');
    expect(brandIconFor(at(2025, 12, 25))).toBe('tree');
    expect(brandIconFor(at(2025, 12, 26, 23, 59))).toBe('tree');
    expect(brandIconFor(at(2025, 12, 27, 0, 0))).toBe('sun');
  });

  it.each([
    // year, Thursday before, Good Friday, Easter Monday, Tuesday after
    [2024, [3, 28], [3, 29], [4, 1], [4, 2]],
    [2025, [4, 17], [4, 18], [4, 21], [4, 22]],
    [2026, [4, 2], [4, 3], [4, 6], [4, 7]],
    [2016, [3, 24], [3, 25], [3, 28], [3, 29]],
    [2038, [4, 22], [4, 23], [4, 26], [4, 27]],
  ] as const)(
    '%i: egg from Good Friday to Easter Monday only',
    (year, before, friday, monday, after) => {
      expect(brandIconFor(at(year, before[0], before[1], 23, 59))).toBe('sun');
      expect(brandIconFor(at(year, friday[0], friday[1], 0, 0))).toBe('egg');
      const sunday = easterSunday(year);
      expect(brandIconFor(at(year, sunday.month, sunday.day))).toBe('egg');
      expect(brandIconFor(at(year, monday[0], monday[1], 23, 59))).toBe('egg');
      expect(brandIconFor(at(year, after[0], after[1], 0, 0))).toBe('sun');
    },
  );

  it('shows the sun on an ordinary day', () => {
    expect(brandIconFor(at(2025, 7, 1))).toBe('sun');
    expect(brandIconFor(at(2025, 1, 1))).toBe('sun');
  });
});
