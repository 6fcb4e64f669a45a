import { ApiCode } from '../codes.js';
import { checkDtuSerial } from '../domain/dtu-serial.js';
import { countryDefinition, isValidCmtFrequency } from '../domain/frequency.js';
import type { DtuConfigRequest } from '../dtu.js';
import { CMT_PA_LEVEL, NRF_PA_LEVEL, POLL_INTERVAL, type Range } from '../limits.js';
import { firstFailure, type FieldProblem, type RuleFailure } from './field-problem.js';

export type DtuRuleFailure = RuleFailure;

/** A checked DTU post: the serial as its value, the rest as posted. */
export interface CheckedDtuConfig extends DtuConfigRequest {
  serialValue: bigint;
}

const outside = (value: number, range: Range) => value < range.min || value > range.max;
const limitOf = (range: Range) => ({ min: range.min, max: range.max });

/**
 * Every failing check of POST /api/dtu/config in the device's order (wire-contract §4.6), with
 * the spec's stricter bounds (spec §5/§9) answered by the same codes:
 * - 2001 `serial`: zero, not hex digits, or above 199999999999 (domain/dtu-serial.ts);
 * - 2002 `pollinterval`: 0 or above 86400 (SPEC_STRICTER, the device has no upper bound);
 * - 2003 `nrf_palevel` above 3, `cmt_palevel` outside -10..20 dBm (one problem per field);
 * - 2005 `cmt_country`: id 3 or more;
 * - 2004 `cmt_frequency`: outside the country's min..max or off the 250 kHz raster, param in Hz
 *   (only checked for a known country).
 * 2002 and 2003 carry no param on the wire, so their bounds come as `limit`.
 */
export function dtuConfigProblems(data: DtuConfigRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!checkDtuSerial(data.serial).ok) {
    problems.push({ field: 'serial', code: ApiCode.DtuSerialZero });
  }
  if (outside(data.pollinterval, POLL_INTERVAL)) {
    const limit = limitOf(POLL_INTERVAL);
    problems.push({ field: 'pollinterval', code: ApiCode.DtuPollZero, limit });
  }
  if (outside(data.nrf_palevel, NRF_PA_LEVEL)) {
    const limit = limitOf(NRF_PA_LEVEL);
    problems.push({ field: 'nrf_palevel', code: ApiCode.DtuInvalidPowerLevel, limit });
  }
  if (outside(data.cmt_palevel, CMT_PA_LEVEL)) {
    const limit = limitOf(CMT_PA_LEVEL);
    problems.push({ field: 'cmt_palevel', code: ApiCode.DtuInvalidPowerLevel, limit });
  }
  const country = countryDefinition(data.cmt_country);
  if (!country) {
    problems.push({ field: 'cmt_country', code: ApiCode.DtuInvalidCmtCountry });
  } else if (!isValidCmtFrequency(data.cmt_frequency, data.cmt_country)) {
    const param = { min: country.freq_min, max: country.freq_max };
    problems.push({ field: 'cmt_frequency', code: ApiCode.DtuInvalidCmtFrequency, param });
  }
  return problems;
}

/** The first failing check (the one the device answers), or the post with its serial value. */
export function checkDtuConfig(
  data: DtuConfigRequest,
): { ok: true; value: CheckedDtuConfig } | { ok: false; failure: DtuRuleFailure } {
  const failure = firstFailure(dtuConfigProblems(data));
  if (failure) return { ok: false, failure };
  const serial = checkDtuSerial(data.serial);
  if (!serial.ok) return { ok: false, failure: { code: ApiCode.DtuSerialZero } };
  return { ok: true, value: { ...data, serialValue: serial.value } };
}
