import { describe, expect, it } from 'vitest';
import type { DtuConfigRequest } from '../dtu.js';
import { countryDefinitions } from '../domain/frequency.js';
import { CMT_CHANNEL_WIDTH_HZ, CMT_PA_LEVEL, NRF_PA_LEVEL, POLL_INTERVAL } from '../limits.js';
import { checkDtuConfig, dtuConfigProblems } from './dtu-rules.js';

const valid: DtuConfigRequest = {
  serial: '199980112345',
  pollinterval: 5,
  nrf_palevel: 0,
  cmt_palevel: 0,
  cmt_frequency: 865_000_000,
  cmt_country: 0,
};

const codeOf = (change: Partial<DtuConfigRequest>) => {
  const result = checkDtuConfig({ ...valid, ...change });
  return result.ok ? 1001 : result.failure.code;
};

describe('checkDtuConfig', () => {
  it('passes a valid post and hands back the serial value', () => {
    expect(checkDtuConfig(valid)).toEqual({
      ok: true,
      value: { ...valid, serialValue: 0x199980112345n },
    });
  });

  it.each([
    [{ pollinterval: POLL_INTERVAL.min }, 1001],
    [{ pollinterval: POLL_INTERVAL.max }, 1001],
    [{ pollinterval: POLL_INTERVAL.min - 1 }, 2002],
    [{ pollinterval: POLL_INTERVAL.max + 1 }, 2002],
    [{ nrf_palevel: NRF_PA_LEVEL.max }, 1001],
    [{ nrf_palevel: NRF_PA_LEVEL.max + 1 }, 2003],
    [{ cmt_palevel: CMT_PA_LEVEL.min }, 1001],
    [{ cmt_palevel: CMT_PA_LEVEL.max }, 1001],
    [{ cmt_palevel: CMT_PA_LEVEL.min - 1 }, 2003],
    [{ cmt_palevel: CMT_PA_LEVEL.max + 1 }, 2003],
    [{ cmt_country: 3 }, 2005],
    [{ serial: '0' }, 2001],
    [{ serial: 'zz' }, 2001],
    [{ serial: '199999999999' }, 1001],
    [{ serial: '19999999999a' }, 2001],
  ])('%j → %i', (change, code) => {
    expect(codeOf(change)).toBe(code);
  });

  it('answers 2004 with each country range in Hz, off the raster too', () => {
    countryDefinitions().forEach((country, id) => {
      const param = { min: country.freq_min, max: country.freq_max };
      const at = (hz: number) => checkDtuConfig({ ...valid, cmt_country: id, cmt_frequency: hz });
      expect(at(country.freq_min)).toMatchObject({ ok: true });
      expect(at(country.freq_max)).toMatchObject({ ok: true });
      for (const hz of [
        country.freq_min - CMT_CHANNEL_WIDTH_HZ,
        country.freq_max + CMT_CHANNEL_WIDTH_HZ,
        country.freq_default + CMT_CHANNEL_WIDTH_HZ / 2,
      ]) {
        expect(at(hz)).toEqual({ ok: false, failure: { code: 2004, param } });
      }
    });
  });
});

describe('dtuConfigProblems', () => {
  const [europe] = countryDefinitions();
  const problems = (change: Partial<DtuConfigRequest>) =>
    dtuConfigProblems({ ...valid, ...change });
  const range = (r: { min: number; max: number }) => ({ min: r.min, max: r.max });

  it('finds nothing in a valid post', () => {
    expect(dtuConfigProblems(valid)).toEqual([]);
  });

  it.each([
    [{ serial: '0' }, { field: 'serial', code: 2001 }],
    [{ pollinterval: 0 }, { field: 'pollinterval', code: 2002, limit: range(POLL_INTERVAL) }],
    [
      { nrf_palevel: NRF_PA_LEVEL.max + 1 },
      { field: 'nrf_palevel', code: 2003, limit: range(NRF_PA_LEVEL) },
    ],
    [
      { cmt_palevel: CMT_PA_LEVEL.min - 1 },
      { field: 'cmt_palevel', code: 2003, limit: range(CMT_PA_LEVEL) },
    ],
    [{ cmt_country: 3 }, { field: 'cmt_country', code: 2005 }],
    [
      { cmt_frequency: 1 },
      {
        field: 'cmt_frequency',
        code: 2004,
        param: { min: europe?.freq_min, max: europe?.freq_max },
      },
    ],
  ])('%j → %j', (change, problem) => {
    expect(problems(change)).toEqual([problem]);
  });

  it('names both power levels with 2003, and lists all in the device order', () => {
    const all = problems({
      serial: 'zz',
      pollinterval: 0,
      nrf_palevel: 9,
      cmt_palevel: 99,
      cmt_country: 7,
    });
    expect(all.map((p) => [p.field, p.code])).toEqual([
      ['serial', 2001],
      ['pollinterval', 2002],
      ['nrf_palevel', 2003],
      ['cmt_palevel', 2003],
      ['cmt_country', 2005],
    ]);
    expect(checkDtuConfig({ ...valid, nrf_palevel: 9, cmt_palevel: 99 })).toEqual({
      ok: false,
      failure: { code: 2003 },
    });
  });
});
