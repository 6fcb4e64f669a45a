import { describe, expect, it } from 'vitest';
import type { DtuConfigRequest } from '@heliodtu/contract/dtu';
import { countryDefinitions } from '@heliodtu/contract/domain/frequency';
import {
  CMT_CHANNEL_WIDTH_HZ,
  CMT_PA_LEVEL,
  NRF_PA_LEVEL,
  POLL_INTERVAL,
} from '@heliodtu/contract/limits';
import { checkDtuConfig } from './dtu-rules.js';

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
