import { describe, expect, it } from 'vitest';
import { inverterFamilyOf } from './inverter-model.js';
import {
  ALPH32,
  ALPH64,
  classifySerialInput,
  convertHerfSerial,
  herfChecksum,
  serialFieldValue,
  serialHintType,
} from './serial.js';

describe('alphabets', () => {
  it('ALPH32 has 32 distinct symbols without I, O, Q, Z', () => {
    expect(ALPH32).toHaveLength(32);
    expect(new Set(ALPH32).size).toBe(32);
    expect(ALPH32).not.toMatch(/[IOQZ]/);
  });

  it('ALPH64 matches the positions listed in inverter-domain §8.1', () => {
    expect(ALPH64).toHaveLength(64);
    expect([...ALPH64.slice(0, 33)].join(',')).toBe(
      'H,M,F,L,G,W,5,X,C,3,0,1,2,3,4,5,6,7,8,9,9,Z,6,7,Y,R,T,2,S,8,A,B,C',
    );
  });
});

describe('HERF checksum and conversion (inverter-domain §8.4)', () => {
  it.each([
    ['A1100FBT4', '19W', '28210007af44', 'HERF_2CH'],
    ['A21001JEW', '1S2', '28410000c9dd', 'HERF_1CH'],
    ['A11234567', '1BC', '2821043214c7', 'HERF_2CH'],
    ['A01000000', '1L2', '280100000000', 'HERF_4CH'],
    ['A21123456', '1TL', '2841022190a6', 'HERF_1CH'],
  ])('%s has check %s and converts to %s', (body, check, serial, family) => {
    expect(herfChecksum(body)).toBe(check);
    expect(convertHerfSerial(body)).toBe(serial);
    expect(inverterFamilyOf(serial)).toBe(family);
  });

  it('uses all 47 bits: the largest body fills every used bit', () => {
    // Y = 31 everywhere → prefix bits 32..46 and body bits 0..29 all set, bits 30..31 empty.
    expect(convertHerfSerial('YYYYYYYYY')).toBe('7fff3fffffff');
  });

  it('rejects symbols outside ALPH32', () => {
    expect(() => herfChecksum('A11I00000')).toThrow(RangeError);
  });
});

describe('classifySerialInput', () => {
  it('empty input clears the hint', () => {
    expect(classifySerialInput('')).toEqual({ kind: 'empty' });
    expect(serialHintType({ kind: 'empty' })).toBeNull();
  });

  it.each([
    ['114182952590', '114182952590'],
    ['1164a0123456', '1164A0123456'],
    ['1ABCDEFABCDE', '1ABCDEFABCDE'],
  ])('%s is native (upper-cased)', (input, serial) => {
    expect(classifySerialInput(input)).toEqual({ kind: 'native', serial });
  });

  it.each([
    ['28210007af44', '28210007AF44'],
    ['280100000000', '280100000000'],
    ['ABCDEFABCDE1', 'ABCDEFABCDE1'],
    ['000000000000', '000000000000'],
    // A label typed without its dash happens to be 12 hex characters with digits.
    ['a112345671bc', 'A112345671BC'],
  ])('%s is already converted', (input, serial) => {
    expect(classifySerialInput(input)).toEqual({ kind: 'converted', serial });
  });

  it.each([
    ['A1100FBT4-19W', '28210007af44'],
    ['a1100fbt4-19w', '28210007af44'],
    ['A21001JEW-1S2', '28410000c9dd'],
    ['A11234567-1BC', '2821043214c7'],
    ['A01000000-1L2', '280100000000'],
    ['A21123456-1TL', '2841022190a6'],
  ])('%s is a valid HERF label → %s', (input, serial) => {
    expect(classifySerialInput(input)).toEqual({ kind: 'herf', serial });
  });

  it.each(['A11234567-1BD', 'A1100FBT4-29W', 'A1100FBT4-19X', 'A21001JEW-1SZ'])(
    '%s has an invalid checksum',
    (input) => {
      expect(classifySerialInput(input)).toEqual({ kind: 'herf-invalid-checksum' });
    },
  );

  it.each([
    ['all letters, 12 chars', 'ABCDEFABCDEF'],
    ['11 hex digits', '11418295259'],
    ['13 hex digits', '1141829525900'],
    ['non-hex letter', '11418295259G'],
    ['unknown HERF prefix', 'A31234567-1BC'],
    ['I in the body', 'A1123I567-1BC'],
    ['O in the check', 'A11234567-1BO'],
    ['Z in the body', 'A112345Z7-1BC'],
    ['no dash', 'A112345Y71BC'],
    ['body too short', 'A1123456-1BC'],
    ['surrounding space', ' 114182952590'],
  ])('%s is unknown', (_label, input) => {
    expect(classifySerialInput(input)).toEqual({ kind: 'unknown' });
  });

  it('native wins over converted for a 12-hex serial starting with 1', () => {
    expect(classifySerialInput('1ABCDEFABCDE').kind).toBe('native');
    expect(classifySerialInput('2ABCDEFABCDE').kind).toBe('converted');
  });
});

describe('serialHintType and serialFieldValue', () => {
  it('gives info for accepted formats and danger otherwise', () => {
    expect(serialHintType(classifySerialInput('114182952590'))).toBe('info');
    expect(serialHintType(classifySerialInput('28210007AF44'))).toBe('info');
    expect(serialHintType(classifySerialInput('A1100FBT4-19W'))).toBe('info');
    expect(serialHintType(classifySerialInput('A11234567-1BD'))).toBe('danger');
    expect(serialHintType(classifySerialInput('xyz'))).toBe('danger');
  });

  it('replaces a valid HERF label by its converted serial and keeps the rest upper-cased', () => {
    const value = (input: string) => serialFieldValue(classifySerialInput(input), input);
    expect(value('a1100fbt4-19w')).toBe('28210007af44');
    expect(value('1164a0123456')).toBe('1164A0123456');
    expect(value('a11234567-1bd')).toBe('A11234567-1BD');
    expect(value('xyz')).toBe('XYZ');
    expect(value('')).toBe('');
  });
});
