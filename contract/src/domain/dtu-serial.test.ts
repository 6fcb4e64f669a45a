import { describe, expect, it } from 'vitest';
import {
  DTU_SERIAL_MAX,
  checkDtuSerial,
  dtuSerialFromFile,
  dtuSerialToFile,
  generateDtuSerial,
  needsGeneratedDtuSerial,
} from './dtu-serial.js';

describe('checkDtuSerial', () => {
  it.each([
    ['199980112345', 0x199980112345n],
    ['1', 1n],
    ['199999999999', 0x199999999999n],
    ['10f712345678', 0x10f712345678n],
    ['10F712345678', 0x10f712345678n],
    ['  199980112345 ', 0x199980112345n],
    ['0x199980112345', 0x199980112345n],
    ['000199980112345', 0x199980112345n],
  ])('accepts %j', (text, value) => {
    expect(checkDtuSerial(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'zero'],
    ['  ', 'zero'],
    ['0', 'zero'],
    ['000000000000', 'zero'],
    ['0x0', 'zero'],
    ['19998011234x', 'format'],
    ['-199980112345', 'format'],
    ['1999 80112345', 'format'],
    ['0x', 'format'],
    ['12345678901234567', 'format'],
    ['19999999999a', 'range'],
    ['200000000000', 'range'],
    ['1999999999990', 'range'],
    ['ffffffffffff', 'range'],
  ])('rejects %j as %s', (text, reason) => {
    expect(checkDtuSerial(text)).toEqual({ ok: false, reason });
  });

  it('reads the spec bound 199999999999 as the hex digits the device shows', () => {
    expect(DTU_SERIAL_MAX.toString(16)).toBe('199999999999');
  });
});

describe('generateDtuSerial', () => {
  it.each([
    [4_712_345, '199980112345'],
    [0x123456, '199980193046'],
    [1_000_000, '199980100000'],
    [7, '199980100007'],
    [0xffffff, '199980177215'],
  ])('chip id %d → %s', (chipId, serial) => {
    expect(generateDtuSerial(chipId)).toBe(serial);
  });

  it('always yields a valid serial within the spec bound', () => {
    for (const chipId of [0, 1, 99_999, 0x100000, 0xabcdef, 0xffffff]) {
      const check = checkDtuSerial(generateDtuSerial(chipId));
      expect(check.ok).toBe(true);
    }
  });
});

describe('needsGeneratedDtuSerial', () => {
  it('is true for 0 and the firmware placeholder only', () => {
    expect(needsGeneratedDtuSerial(0)).toBe(true);
    expect(needsGeneratedDtuSerial(0x99978563412)).toBe(true);
    expect(needsGeneratedDtuSerial(0x199980112345)).toBe(false);
    expect(needsGeneratedDtuSerial(1)).toBe(false);
  });
});

describe('file ↔ wire', () => {
  it('stores the decimal value of the hex serial and shows it as lowercase hex', () => {
    expect(dtuSerialToFile(0x199980112345n)).toBe(28_147_069_297_477);
    expect(dtuSerialFromFile(28_147_069_297_477)).toBe('199980112345');
    expect(dtuSerialFromFile(dtuSerialToFile(0x10f7abcdef12n))).toBe('10f7abcdef12');
  });

  it('reads unusable file values as 0', () => {
    expect(dtuSerialFromFile(0)).toBe('0');
    expect(dtuSerialFromFile(-5)).toBe('0');
    expect(dtuSerialFromFile(1.5)).toBe('0');
    expect(dtuSerialFromFile(2 ** 60)).toBe('0');
    expect(dtuSerialFromFile(Number.NaN)).toBe('0');
  });
});
