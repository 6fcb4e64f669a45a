import {
  DEFAULT_PIN_PROFILE,
  parsePinMappingFile,
} from '@heliodtu/contract/domain/pin-mapping-file';
import { describe, expect, it } from 'vitest';
import { profileNames, selectedPins } from './pin-profiles';
import { PIN_FILE, ZETA } from './testing/device-config';

describe('the device fixtures', () => {
  it('read a profile with its links and missing pins taken from the built-in ones', () => {
    expect(parsePinMappingFile(PIN_FILE)[0]).toEqual(ZETA);
  });
});

describe('profileNames', () => {
  it("lists 'Default', then the file's profiles sorted by name", () => {
    expect(profileNames(parsePinMappingFile(PIN_FILE))).toEqual([
      'Default',
      'Alpha board',
      'Zeta board',
    ]);
  });

  it("has only 'Default' without a file, and never lists a name twice", () => {
    expect(profileNames([])).toEqual(['Default']);
    const twice = parsePinMappingFile([
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
    const entries = parsePinMappingFile(PIN_FILE);
    expect(selectedPins(entries, 'Zeta board')).toEqual(ZETA);
    expect(selectedPins(entries, 'Default')).toEqual({ ...DEFAULT_PIN_PROFILE, name: 'Default' });
    expect(selectedPins(entries, 'Gone')).toEqual({ ...DEFAULT_PIN_PROFILE, name: 'Gone' });
  });
});
