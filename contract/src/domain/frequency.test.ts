import { describe, expect, it } from 'vitest';
import { CMT_CHANNEL_WIDTH_HZ } from '../limits.js';
import {
  CMT_COUNTRY_COUNT,
  countryDefinition,
  countryDefinitions,
  countryRangeMhz,
  formatMhz,
  hzToMhz,
  isCmtCountry,
  isLegalCmtFrequency,
  isValidCmtFrequency,
} from './frequency.js';

describe('countryDefinitions', () => {
  it('lists Europe, North America and Brazil in Hz, index = country id (wire-contract §7)', () => {
    expect(countryDefinitions()).toEqual([
      {
        freq_default: 865_000_000,
        freq_min: 860_250_000,
        freq_max: 923_500_000,
        freq_legal_min: 863_000_000,
        freq_legal_max: 870_000_000,
      },
      {
        freq_default: 918_000_000,
        freq_min: 900_250_000,
        freq_max: 963_500_000,
        freq_legal_min: 905_000_000,
        freq_legal_max: 925_000_000,
      },
      {
        freq_default: 918_000_000,
        freq_min: 900_250_000,
        freq_max: 963_500_000,
        freq_legal_min: 915_000_000,
        freq_legal_max: 928_000_000,
      },
    ]);
    expect(countryDefinitions()).toHaveLength(CMT_COUNTRY_COUNT);
  });

  it('hands out copies, so a caller cannot change the table', () => {
    const first = countryDefinitions();
    first[0]!.freq_min = 1;
    expect(countryDefinitions()[0]!.freq_min).toBe(860_250_000);
    const europe = countryDefinition(0)!;
    europe.freq_max = 2;
    expect(countryDefinition(0)!.freq_max).toBe(923_500_000);
  });

  it('puts every default and legal bound on a channel inside the tunable range', () => {
    for (const definition of countryDefinitions()) {
      for (const hz of [definition.freq_default, definition.freq_legal_min]) {
        expect(hz % CMT_CHANNEL_WIDTH_HZ).toBe(0);
        expect(hz).toBeGreaterThanOrEqual(definition.freq_min);
        expect(hz).toBeLessThanOrEqual(definition.freq_max);
      }
    }
  });
});

describe('isCmtCountry', () => {
  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [-1, false],
    [1.5, false],
    [255, false],
  ])('%d → %s', (country, expected) => {
    expect(isCmtCountry(country)).toBe(expected);
    expect(countryDefinition(country) !== undefined).toBe(expected);
  });
});

describe('isValidCmtFrequency', () => {
  it.each([
    // Europe: 860.25 .. 923.5 MHz
    [0, 860_250_000, true],
    [0, 860_000_000, false],
    [0, 923_500_000, true],
    [0, 923_750_000, false],
    [0, 865_000_000, true],
    [0, 868_000_000, true],
    [0, 865_125_000, false],
    [0, 865_000_001, false],
    [0, 963_500_000, false],
    // North America: 900.25 .. 963.5 MHz
    [1, 900_250_000, true],
    [1, 900_000_000, false],
    [1, 963_500_000, true],
    [1, 963_750_000, false],
    [1, 865_000_000, false],
    [1, 918_000_000, true],
    [1, 918_100_000, false],
    // Brazil: same tunable range as North America
    [2, 900_250_000, true],
    [2, 900_000_000, false],
    [2, 963_500_000, true],
    [2, 963_750_000, false],
    [2, 918_000_000, true],
  ])('country %d, %d Hz → %s', (country, hz, expected) => {
    expect(isValidCmtFrequency(hz, country)).toBe(expected);
  });

  it('rejects unknown countries and non-integer frequencies', () => {
    expect(isValidCmtFrequency(865_000_000, 3)).toBe(false);
    expect(isValidCmtFrequency(865_000_000, -1)).toBe(false);
    expect(isValidCmtFrequency(865_000_000.5, 0)).toBe(false);
    expect(isValidCmtFrequency(Number.NaN, 0)).toBe(false);
  });
});

describe('isLegalCmtFrequency', () => {
  it.each([
    [0, 863_000_000, true],
    [0, 862_750_000, false],
    [0, 870_000_000, true],
    [0, 870_250_000, false],
    [0, 865_000_000, true],
    [1, 905_000_000, true],
    [1, 904_750_000, false],
    [1, 925_000_000, true],
    [1, 925_250_000, false],
    [2, 915_000_000, true],
    [2, 914_750_000, false],
    [2, 928_000_000, true],
    [2, 928_250_000, false],
    [2, 918_000_000, true],
    [1, 928_000_000, false],
  ])('country %d, %d Hz → %s', (country, hz, expected) => {
    expect(isLegalCmtFrequency(hz, country)).toBe(expected);
  });

  it('is false for an unknown country', () => {
    expect(isLegalCmtFrequency(865_000_000, 3)).toBe(false);
  });
});

describe('MHz labels', () => {
  it('converts Hz to MHz exactly', () => {
    expect(hzToMhz(860_250_000)).toBe(860.25);
    expect(hzToMhz(923_500_000)).toBe(923.5);
    expect(hzToMhz(865_000_000)).toBe(865);
  });

  it('formats without trailing zeros', () => {
    expect(formatMhz(860_250_000)).toBe('860.25');
    expect(formatMhz(865_000_000)).toBe('865');
    expect(formatMhz(900_750_000)).toBe('900.75');
  });

  it('gives each country its label range', () => {
    expect(countryRangeMhz(0)).toEqual({ min: 860.25, max: 923.5 });
    expect(countryRangeMhz(1)).toEqual({ min: 900.25, max: 963.5 });
    expect(countryRangeMhz(2)).toEqual({ min: 900.25, max: 963.5 });
    expect(countryRangeMhz(3)).toBeUndefined();
  });
});
