import { describe, expect, it } from 'vitest';
import { formatProductionDate, productionDateOf } from './production-date.js';

describe('productionDateOf', () => {
  it.each([
    ['116174612345', 2021, '46'],
    ['114182952590', 2022, '29'],
    ['1164a3c12345', 2024, '3c'],
    ['1164a0123456', 2024, '1'],
    ['1141b5112345', 2025, '51'],
    ['114100012345', 2014, '0'],
    ['1141f9912345', 2029, '99'],
  ])('%s was produced in %i week %s', (serial, year, week) => {
    expect(productionDateOf(serial)).toEqual({ year, week });
  });

  it('shows the week without zero padding', () => {
    expect(productionDateOf('114180512345')?.week).toBe('5');
  });

  it('reads upper-case hex and bigint serials alike', () => {
    expect(productionDateOf('1164A3C12345')).toEqual({ year: 2024, week: '3c' });
    expect(productionDateOf(0x116174612345n)).toEqual({ year: 2021, week: '46' });
  });

  it('takes the bits, so a HERF serial works too', () => {
    // 28210007af44: digit 5 is 0, digits 6–7 are 00.
    expect(productionDateOf('28210007af44')).toEqual({ year: 2014, week: '0' });
  });

  it('gives null for zero or garbage', () => {
    expect(productionDateOf('0')).toBeNull();
    expect(productionDateOf('')).toBeNull();
    expect(productionDateOf('xyz')).toBeNull();
    expect(productionDateOf(0n)).toBeNull();
  });
});

describe('formatProductionDate', () => {
  it('joins year and week with a slash', () => {
    expect(formatProductionDate({ year: 2021, week: '46' })).toBe('2021/46');
  });
});
