import { describe, expect, it } from 'vitest';
import { GRID_PROFILE_RAW_MAX } from '@heliodtu/contract/grid-profile';
import { FAMILIES } from '@heliodtu/contract/domain/inverter-model';
import {
  EMPTY_GRID_PROFILE,
  crc16Modbus,
  gridProfileBytes,
  gridProfileIdFor,
  gridProfileValue,
  parseGridProfile,
} from './grid-profile.js';

describe('grid profiles (inverter-domain §5)', () => {
  it('reproduces the real captures, CRC included', () => {
    const en = gridProfileBytes('en50549');
    expect(en.length).toBe(140);
    expect(en.slice(-2)).toEqual([0xcb, 0xfe]);
    const de = gridProfileBytes('vde4105');
    expect(de.length).toBe(114);
    expect(de.slice(-2)).toEqual([0x5f, 0x58]);
    expect(crc16Modbus([])).toBe(0xffff);
    for (const raw of [en, de]) expect(raw.length).toBeLessThanOrEqual(GRID_PROFILE_RAW_MAX);
  });

  it('parses EN 50549 as documented', () => {
    const profile = parseGridProfile(gridProfileBytes('en50549'));
    expect(profile.name).toBe('XX - EN 50549-1:2019');
    expect(profile.version).toBe('2.0.1');
    expect(profile.sections.map((s) => s.name)).toEqual([
      'Voltage (H/LVRT)',
      'Frequency (H/LFRT)',
      'Island Detection (ID)',
      'Reconnection (RT)',
      'Ramp Rates (RR)',
      'Frequency Watt (FW)',
      'Volt Watt (VW)',
      'Volt Var (VV)',
      'Specified Power Factor (SPF)',
      'Watt Power Factor (WPF)',
      'Active Power Control (APC)',
      'Reactive Power Control (RPC)',
    ]);
    expect(profile.sections[0]?.items[1]).toEqual({ n: 'Low Voltage 1 (LV1)', u: 'V', v: 195.5 });
    expect(profile.sections[0]?.items).toHaveLength(12);
    expect(gridProfileValue(profile, 'Reconnect Time (RT)')).toBe(60);
    expect(gridProfileValue(profile, 'Soft Start Ramp up Rate (RUR_SS)')).toBe(0.16);
    expect(gridProfileValue(profile, 'Droop Slope (Kpower_Volt)')).toBe(5.33);
    expect(gridProfileValue(profile, 'ID Function Activated')).toBe(1);
    expect(profile.sections[2]?.items[0]?.u).toBe('bool');
  });

  it('reads signed values (VDE 4105: SPF power factor -0.90)', () => {
    const profile = parseGridProfile(gridProfileBytes('vde4105'));
    expect(profile.name).toBe('DE - DE_VDE4105_2018');
    expect(profile.version).toBe('2.0.2');
    expect(gridProfileValue(profile, 'Power Factor (PF)')).toBe(-0.9);
    expect(gridProfileValue(profile, 'Soft Start Ramp up Rate (RUR_SS)')).toBe(10);
  });

  it('stops at unknown sections and knows nothing before data', () => {
    expect(parseGridProfile([])).toEqual(EMPTY_GRID_PROFILE);
    const truncated = parseGridProfile([
      0x0a, 0x00, 0x20, 0x01, 0x20, 0x00, 0x00, 0x01, 0xcb, 0xfe,
    ]);
    expect(truncated.sections).toEqual([
      { name: 'Island Detection (ID)', items: [{ n: 'ID Function Activated', u: 'bool', v: 1 }] },
    ]);
    // A known section with an unknown version yields an empty section.
    expect(parseGridProfile([0x03, 0x01, 0x10, 0x00, 0x40, 0x09, 0xcb, 0xfe]).sections).toEqual([
      { name: 'Ramp Rates (RR)', items: [] },
    ]);
  });

  it('gives HM units the VDE profile and HMS/HMT units EN 50549', () => {
    expect(gridProfileIdFor(FAMILIES.HM_2CH)).toBe('vde4105');
    expect(gridProfileIdFor(FAMILIES.HMS_4CH)).toBe('en50549');
    expect(gridProfileIdFor(FAMILIES.HMT_6CH)).toBe('en50549');
  });
});
