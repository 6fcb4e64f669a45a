import {
  DEFAULT_PIN_PROFILE,
  parsePinMappingFile,
  PIN_CATEGORIES,
} from '@heliodtu/contract/pin-mapping';
import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PINS,
  parsePinMapping,
  PIN_CATEGORY_ORDER,
  profileNames,
  selectedPins,
} from './pin-profiles';
import { PIN_FILE, ZETA } from './testing/device-config';

describe('pin profiles (the bundle-free copy of contract/pin-mapping)', () => {
  it('has the contract built-in pins and category order', () => {
    expect(BUILT_IN_PINS).toEqual(DEFAULT_PIN_PROFILE);
    expect(PIN_CATEGORY_ORDER).toEqual(PIN_CATEGORIES);
  });

  it.each([
    ['two profiles', PIN_FILE],
    ['no array', { name: 'x' }],
    ['nameless and odd entries', [1, null, { nrf24: {} }, { name: 7 }, { name: 'ok', led: 3 }]],
    [
      'wrong kinds of pins',
      [{ name: 'p', nrf24: { clk: 'x', cs: 1.5, en: 4 }, eth: { enabled: 1 } }],
    ],
    [
      'bad links',
      [
        { name: 'l', links: [{ name: 'a' }] },
        { name: 'm', links: 'x' },
      ],
    ],
    ['links with extra keys', [{ name: 'k', links: [{ name: 'a', url: 'u', x: 1 }] }]],
  ])('reads %s as the gateway does', (_name, json) => {
    expect(parsePinMapping(json)).toEqual(parsePinMappingFile(json));
  });

  it('reads a profile with its links and missing pins taken from the built-in ones', () => {
    expect(parsePinMapping(PIN_FILE)[0]).toEqual(ZETA);
  });
});

describe('profileNames', () => {
  it("lists 'Default', then the file's profiles sorted by name", () => {
    expect(profileNames(parsePinMapping(PIN_FILE))).toEqual([
      'Default',
      'Alpha board',
      'Zeta board',
    ]);
  });

  it("has only 'Default' without a file, and never lists a name twice", () => {
    expect(profileNames([])).toEqual(['Default']);
    const twice = parsePinMapping([
      { name: 'b' },
      { name: 'a' },
      { name: 'b' },
      { name: 'Default' },
    ]);
    expect(profileNames(twice)).toEqual(['Default', 'a', 'b']);
  });
});

describe('selectedPins', () => {
  it('is the first profile of that name, else the built-in pins', () => {
    const entries = parsePinMapping(PIN_FILE);
    expect(selectedPins(entries, 'Zeta board')).toEqual(ZETA);
    expect(selectedPins(entries, 'Default')).toEqual({ ...BUILT_IN_PINS, name: 'Default' });
    expect(selectedPins(entries, 'Gone')).toEqual({ ...BUILT_IN_PINS, name: 'Gone' });
  });
});
