import { countryDefinitions } from '@heliodtu/contract/domain/frequency';
import type { DtuConfig } from '@heliodtu/contract/dtu';
import { describe, expect, it } from 'vitest';
import {
  illegalFrequencyBand,
  toDtuForm,
  toDtuRequest,
  validateDtu,
  withCountry,
} from './dtu-form';
import { DTU_CONFIG } from './testing/dtu-config';

/** Form values of a device that sends the serial as a string. */
const FORM = { ...DTU_CONFIG, serialSentAsNumber: false };
const fields = (values: DtuConfig, serialSentAsNumber = false) =>
  validateDtu({ ...values, serialSentAsNumber }).map((problem) => problem.field);

describe('withCountry', () => {
  it("sets the new country's default frequency from the answer's country_def", () => {
    const changed = withCountry({ ...DTU_CONFIG, cmt_frequency: 869_750_000 }, 1);
    expect(changed).toMatchObject({ cmt_country: 1, cmt_frequency: 918_000_000 });
  });

  it('uses the plan the gateway sent, not a built-in table', () => {
    const plans = countryDefinitions();
    plans[2] = { ...plans[2]!, freq_default: 920_500_000 };
    expect(withCountry({ ...DTU_CONFIG, country_def: plans }, 2).cmt_frequency).toBe(920_500_000);
  });
});

describe('illegalFrequencyBand', () => {
  it('is empty inside the legal band, edges included', () => {
    for (const hz of [863_000_000, 865_000_000, 870_000_000]) {
      expect(illegalFrequencyBand({ ...DTU_CONFIG, cmt_frequency: hz })).toBeUndefined();
    }
  });

  it('gives the legal band in MHz outside it', () => {
    expect(illegalFrequencyBand({ ...DTU_CONFIG, cmt_frequency: 870_250_000 })).toEqual({
      min: 863,
      max: 870,
    });
    expect(
      illegalFrequencyBand({ ...DTU_CONFIG, cmt_country: 2, cmt_frequency: 910_000_000 }),
    ).toEqual({ min: 915, max: 928 });
  });
});

describe('validateDtu', () => {
  it('accepts the gateway defaults', () => {
    expect(validateDtu(FORM)).toEqual([]);
  });

  it('asks for a poll interval from 1 to 86400', () => {
    for (const pollinterval of [0, 86_401]) {
      expect(validateDtu({ ...FORM, pollinterval })).toEqual([
        { field: 'pollinterval', key: 'validation.Range', params: { min: 1, max: 86400 } },
      ]);
    }
    expect(validateDtu({ ...FORM, pollinterval: Number.NaN })).toEqual([
      { field: 'pollinterval', key: 'validation.Required' },
    ]);
    expect(fields({ ...DTU_CONFIG, pollinterval: 2.5 })).toEqual(['pollinterval']);
  });

  it('refuses a zero, non-hex or too large serial', () => {
    for (const serial of ['0', '', 'XYZ', '19999999999A']) {
      expect(fields({ ...DTU_CONFIG, serial })).toEqual(['serial']);
    }
    expect(validateDtu({ ...FORM, serial: '1A' })).toEqual([]);
  });

  it('holds a serial the device sent as a number to decimal digits it can take back', () => {
    expect(fields({ ...DTU_CONFIG, serial: '199980112345' }, true)).toEqual([]);
    for (const serial of ['1A', '0x12', '1.5', '99999999999999999']) {
      expect(fields({ ...DTU_CONFIG, serial }, true)).toEqual(['serial']);
    }
  });

  it('refuses a frequency off the raster with the gateway code 2004', () => {
    const problems = validateDtu({ ...FORM, cmt_frequency: 865_100_000 });
    expect(problems).toEqual([expect.objectContaining({ field: 'cmt_frequency', code: 2004 })]);
  });
});

describe('the serial as number or string', () => {
  it('shows both as the same digits and gives each back in its own kind', () => {
    const fromString = toDtuForm(DTU_CONFIG);
    const fromNumber = toDtuForm({ ...DTU_CONFIG, serial: 199_980_112_345 });
    expect(fromString.serial).toBe('199980112345');
    expect(fromNumber.serial).toBe('199980112345');
    expect(toDtuRequest(fromString)).toEqual(DTU_CONFIG);
    expect(toDtuRequest(fromNumber)).toEqual({ ...DTU_CONFIG, serial: 199_980_112_345 });
  });
});
