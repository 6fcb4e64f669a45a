import { describe, expect, it } from 'vitest';
import {
  displayHwVersion,
  formatBootloaderVersion,
  formatBuildDatetime,
  formatFirmwareVersion,
  formatHwVersion,
  isDevInfoPlausible,
  parseFirmwareVersion,
  versionParts,
} from './firmware-version.js';

describe('formatFirmwareVersion', () => {
  it.each([
    [10012, '1.0.12'],
    [10018, '1.0.18'],
    [10112, '1.1.12'],
    [10000, '1.0.0'],
    [10099, '1.0.99'],
    [10100, '1.1.0'],
    [19999, '1.99.99'],
    [20000, '2.0.0'],
    [0, '0.0.0'],
    [123456, '12.34.56'],
  ])('%i → %s', (value, text) => {
    expect(formatFirmwareVersion(value)).toBe(text);
  });

  it('never shows negative or fractional parts', () => {
    expect(formatFirmwareVersion(-5)).toBe('0.0.0');
    expect(formatFirmwareVersion(10012.9)).toBe('1.0.12');
  });

  it('splits into parts', () => {
    expect(versionParts(10203)).toEqual({ major: 1, minor: 2, patch: 3 });
  });
});

describe('formatBootloaderVersion', () => {
  it('uses the same rule', () => {
    expect(formatBootloaderVersion(104)).toBe('0.1.4');
    expect(formatBootloaderVersion(100)).toBe('0.1.0');
    expect(formatBootloaderVersion(99)).toBe('0.0.99');
  });
});

describe('parseFirmwareVersion', () => {
  it('inverts the display rule', () => {
    expect(parseFirmwareVersion('1.0.18')).toBe(10018);
    expect(parseFirmwareVersion('1.1.12')).toBe(10112);
    expect(parseFirmwareVersion(formatFirmwareVersion(12345))).toBe(12345);
  });

  it('rejects malformed text', () => {
    expect(parseFirmwareVersion('1.0')).toBeNull();
    expect(parseFirmwareVersion('1.0.100')).toBeNull();
    expect(parseFirmwareVersion('v1.0.1')).toBeNull();
  });
});

describe('hw_version', () => {
  it('prints two bytes as %02d.%02d', () => {
    expect(formatHwVersion(1, 0)).toBe('01.00');
    expect(formatHwVersion(2, 5)).toBe('02.05');
    expect(formatHwVersion(12, 34)).toBe('12.34');
  });

  it('shows strings verbatim and numbers padded', () => {
    expect(displayHwVersion('01.00')).toBe('01.00');
    expect(displayHwVersion(1)).toBe('01.00');
    expect(displayHwVersion(1.05)).toBe('01.05');
    expect(displayHwVersion(12.3)).toBe('12.30');
  });
});

describe('formatBuildDatetime', () => {
  it('decodes MMDD and HHMM decimal words', () => {
    expect(formatBuildDatetime(2022, 826, 2051)).toBe('2022-08-26 20:51:00');
    expect(formatBuildDatetime(2023, 1025, 1837)).toBe('2023-10-25 18:37:00');
    expect(formatBuildDatetime(2024, 101, 5)).toBe('2024-01-01 00:05:00');
  });
});

describe('isDevInfoPlausible', () => {
  it('rejects build year ≤ 2016 and part number 124097', () => {
    expect(isDevInfoPlausible(2016, 270680323)).toBe(false);
    expect(isDevInfoPlausible(2017, 270680323)).toBe(true);
    expect(isDevInfoPlausible(2022, 124097)).toBe(false);
  });
});
