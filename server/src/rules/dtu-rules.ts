import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import type { DtuConfigRequest } from '@heliodtu/contract/dtu';
import { checkDtuSerial } from '@heliodtu/contract/domain/dtu-serial';
import { countryDefinition, isValidCmtFrequency } from '@heliodtu/contract/domain/frequency';
import type { ApiParam } from '@heliodtu/contract/envelope';
import { CMT_PA_LEVEL, NRF_PA_LEVEL, POLL_INTERVAL } from '@heliodtu/contract/limits';

export interface DtuRuleFailure {
  code: ApiCodeValue;
  param?: ApiParam;
}

/** A checked DTU post: the serial as its value, the rest as posted. */
export interface CheckedDtuConfig extends DtuConfigRequest {
  serialValue: bigint;
}

const inRange = (value: number, range: { min: number; max: number }) =>
  value >= range.min && value <= range.max;

/**
 * POST /api/dtu/config checks in the device's order (wire-contract §4.6), with the spec's
 * stricter bounds (spec §5/§9) answered by the same codes:
 * - 2001: serial zero, not hex digits, or above 199999999999 (domain/dtu-serial.ts);
 * - 2002: poll interval 0 or above 86400 (SPEC_STRICTER, the device has no upper bound);
 * - 2003: NRF level above 3, CMT level outside -10..20 dBm;
 * - 2005: country id 3 or more;
 * - 2004: frequency outside the country's min..max or off the 250 kHz raster, param in Hz.
 */
export function checkDtuConfig(
  data: DtuConfigRequest,
): { ok: true; value: CheckedDtuConfig } | { ok: false; failure: DtuRuleFailure } {
  const fail = (code: ApiCodeValue, param?: ApiParam) => ({
    ok: false as const,
    failure: param ? { code, param } : { code },
  });
  const serial = checkDtuSerial(data.serial);
  if (!serial.ok) return fail(ApiCode.DtuSerialZero);
  if (!inRange(data.pollinterval, POLL_INTERVAL)) return fail(ApiCode.DtuPollZero);
  if (!inRange(data.nrf_palevel, NRF_PA_LEVEL) || !inRange(data.cmt_palevel, CMT_PA_LEVEL)) {
    return fail(ApiCode.DtuInvalidPowerLevel);
  }
  const country = countryDefinition(data.cmt_country);
  if (!country) return fail(ApiCode.DtuInvalidCmtCountry);
  if (!isValidCmtFrequency(data.cmt_frequency, data.cmt_country)) {
    return fail(ApiCode.DtuInvalidCmtFrequency, { min: country.freq_min, max: country.freq_max });
  }
  return { ok: true, value: { ...data, serialValue: serial.value } };
}
