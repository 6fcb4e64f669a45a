import { countryDefinitions } from '@heliodtu/contract/domain/frequency';
import type { DtuConfig } from '@heliodtu/contract/dtu';
import { describe, expect, it } from 'vitest';
import { illegalFrequencyBand, validateDtu, withCountry } from './dtu-form';
import { DTU_CONFIG } from './testing/dtu-config';

const fields = (values: DtuConfig) => validateDtu(values).map((problem) => problem.field);

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
    expect(validateDtu(DTU_CONFIG)).toEqual([]);
  });

  it('asks for a poll interval from 1 to 86400', () => {
    for (const pollinterval of [0, 86_401]) {
      expect(validateDtu({ ...DTU_CONFIG, pollinterval })).toEqual([
        { field: 'pollinterval', key: 'validation.Range', params: { min: 1, max: 86400 } },
      ]);
    }
    expect(validateDtu({ ...DTU_CONFIG, pollinterval: Number.NaN })).toEqual([
      { field: 'pollinterval', key: 'validation.Required' },
    ]);
    expect(fields({ ...DTU_CONFIG, pollinterval: 2.5 })).toEqual(['pollinterval']);
  });

  it('refuses a zero, non-hex or too large serial', () => {
    for (const serial of ['0', '', 'XYZ', '19999999999A']) {
      expect(fields({ ...DTU_CONFIG, serial })).toEqual(['serial']);
    }
    expect(validateDtu({ ...DTU_CONFIG, serial: '1A' })).toEqual([]);
  });

  it('refuses a frequency off the raster with the gateway code 2004', () => {
    const problems = validateDtu({ ...DTU_CONFIG, cmt_frequency: 865_100_000 });
    expect(problems).toEqual([expect.objectContaining({ field: 'cmt_frequency', code: 2004 })]);
  });
});
