import { ApiCode, type ApiCodeValue } from '../codes.js';
import { decodeLimitType, exceedsLimitMaximum, type LimitKind } from '../domain/limit-type.js';
import type { ApiParam } from '../envelope.js';
import type { LimitConfigRequest } from '../limit.js';
import { LIMIT_ABSOLUTE_MAX } from '../limits.js';
import { parseSerialHex } from '../domain/serial-hex.js';
import type { FieldProblem } from './field-problem.js';
import type { FirmwareGeneration } from '../domain/firmware-generation.js';

export type LimitCheck =
  { ok: true; kind: LimitKind } | { ok: false; code: ApiCodeValue; param?: ApiParam };

/**
 * Every failing check of POST /api/limit/config after the kind check, in the device's order
 * (wire-contract §4.4): `serial` 0 → 5001, `limit_value` → 5002 {max:2250}, `limit_type` → 5003.
 * Unlike the device, a negative value is refused too (5002). Both limit_type schemes are
 * accepted, v24 0/1/256/257 and v25.9+ 0/1/2/3 (integrations §7.5 item 9); they do not collide.
 * Given a firmware generation, only that generation's values pass, as on such a device.
 */
export function limitConfigProblems(
  data: LimitConfigRequest,
  generation?: FirmwareGeneration,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (parseSerialHex(data.serial) === 0n) {
    problems.push({ field: 'serial', code: ApiCode.LimitSerialZero });
  }
  if (data.limit_value < 0 || exceedsLimitMaximum(data.limit_value)) {
    const param = { max: LIMIT_ABSOLUTE_MAX };
    problems.push({ field: 'limit_value', code: ApiCode.LimitInvalidLimit, param });
  }
  if (!decodeLimitType(data.limit_type, generation)) {
    problems.push({ field: 'limit_type', code: ApiCode.LimitInvalidType });
  }
  return problems;
}

/** The first failing check (the one the device answers), or the limit's kind. */
export function checkLimitConfig(
  data: LimitConfigRequest,
  generation?: FirmwareGeneration,
): LimitCheck {
  const [first] = limitConfigProblems(data, generation);
  if (first)
    return first.param
      ? { ok: false, code: first.code, param: first.param }
      : { ok: false, code: first.code };
  const kind = decodeLimitType(data.limit_type, generation);
  if (!kind) return { ok: false, code: ApiCode.LimitInvalidType };
  return { ok: true, kind };
}
