import { DEFAULT_PIN_PROFILE } from '@heliodtu/contract/domain/pin-mapping-file';
import { describe, expect, it } from 'vitest';
import { comparePins, pinValue } from './pin-compare';
import { ZETA } from './testing/device-config';

const rowsOf = (result: ReturnType<typeof comparePins>, category: string) =>
  result.find((entry) => entry.category === category)?.rows ?? [];

describe('pinValue', () => {
  it('reads -1 and 255 as not set, keeps 0, other numbers and flags', () => {
    expect(pinValue(-1)).toBeUndefined();
    expect(pinValue(255)).toBeUndefined();
    expect(pinValue(undefined)).toBeUndefined();
    expect(pinValue(0)).toBe(0);
    expect(pinValue(254)).toBe(254);
    expect(pinValue(false)).toBe(false);
  });
});

describe('comparePins', () => {
  it('lists every category in order, nothing differing for the same pins', () => {
    const result = comparePins(DEFAULT_PIN_PROFILE, DEFAULT_PIN_PROFILE);
    expect(result.map((entry) => entry.category)).toEqual([
      'nrf24',
      'cmt',
      'w5500',
      'eth',
      'display',
      'led',
    ]);
    expect(result.flatMap((entry) => entry.rows).some((row) => row.differs)).toBe(false);
    expect(rowsOf(result, 'nrf24').map((row) => row.name)).toEqual([
      'clk',
      'cs',
      'en',
      'irq',
      'miso',
      'mosi',
    ]);
  });

  it('marks exactly the rows whose values differ', () => {
    const result = comparePins(ZETA, DEFAULT_PIN_PROFILE);
    const differing = (category: string) =>
      rowsOf(result, category)
        .filter((row) => row.differs)
        .map((row) => row.name);
    expect(differing('nrf24')).toEqual(['clk', 'cs']);
    expect(rowsOf(result, 'nrf24')[0]).toEqual({
      name: 'clk',
      selected: 12,
      active: 18,
      differs: true,
    });
    expect(differing('cmt')).toEqual(['clk', 'cs', 'fcs', 'sdio', 'gpio3']);
    expect(differing('display')).toEqual(['type', 'data', 'clk']);
    expect(differing('led')).toEqual(['led0', 'led1']);
    expect(differing('w5500')).toEqual([]);
  });

  it('counts -1 and 255 as the same "not set"', () => {
    const selected = { ...DEFAULT_PIN_PROFILE, led: { led0: 255, led1: -1 } };
    const active = { ...DEFAULT_PIN_PROFILE, led: { led0: -1, led1: 255 } };
    expect(rowsOf(comparePins(selected, active), 'led')).toEqual([
      { name: 'led0', selected: undefined, active: undefined, differs: false },
      { name: 'led1', selected: undefined, active: undefined, differs: false },
    ]);
  });

  it('shows a key only one side has, as differing', () => {
    const active = { ...DEFAULT_PIN_PROFILE, led: { led0: 2 } as typeof DEFAULT_PIN_PROFILE.led };
    const rows = rowsOf(comparePins(DEFAULT_PIN_PROFILE, active), 'led');
    expect(rows).toEqual([
      { name: 'led0', selected: undefined, active: 2, differs: true },
      { name: 'led1', selected: undefined, active: undefined, differs: false },
    ]);
  });

  it('without a selected profile every set pin differs', () => {
    const rows = rowsOf(comparePins(undefined, DEFAULT_PIN_PROFILE), 'nrf24');
    expect(rows.every((row) => row.differs && row.selected === undefined)).toBe(true);
  });
});
