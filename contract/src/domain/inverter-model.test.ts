import { describe, expect, it } from 'vitest';
import { inverterFamilyOf, inverterModelOf } from './inverter-model.js';

describe('inverterFamilyOf', () => {
  it.each([
    ['136112345678', 'HMT_4CH'],
    ['138212345678', 'HMT_6CH'],
    ['116412345678', 'HMS_4CH'],
    ['114412345678', 'HMS_2CH'],
    ['114312345678', 'HMS_2CH'],
    ['141012345678', 'HMS_2CH'],
    ['112412345678', 'HMS_1CH'],
    ['112512345678', 'HMS_1CH_V2'],
    ['116180123456', 'HM_4CH'],
    ['106212345678', 'HM_4CH'],
    ['114182952590', 'HM_2CH'],
    ['1146a0000000', 'HM_2CH'],
    ['104212345678', 'HM_2CH'],
    ['112112345678', 'HM_1CH'],
    ['28410000c9dd', 'HERF_1CH'],
    ['28210007af44', 'HERF_2CH'],
    ['280100000000', 'HERF_4CH'],
  ])('%s is %s', (serial, family) => {
    expect(inverterFamilyOf(serial)).toBe(family);
  });

  it('matches no family for other prefixes and for zero', () => {
    expect(inverterFamilyOf('999912345678')).toBeNull();
    expect(inverterFamilyOf('0')).toBeNull();
    expect(inverterModelOf('')).toBeNull();
  });

  it('gives channels, radio and type string', () => {
    expect(inverterModelOf('138212345678')).toMatchObject({
      type: 'HMT-1800/2250-6T',
      radio: 'CMT',
      channels: 6,
      phases: 3,
    });
    expect(inverterModelOf(0x114182952590n)).toMatchObject({ radio: 'NRF', channels: 2 });
  });
});
