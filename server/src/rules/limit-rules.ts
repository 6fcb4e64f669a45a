import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import {
  decodeLimitType,
  exceedsLimitMaximum,
  type LimitKind,
} from '@heliodtu/contract/domain/limit-type';
import type { ApiParam } from '@heliodtu/contract/envelope';
import type { LimitConfigRequest } from '@heliodtu/contract/limit';
import { LIMIT_ABSOLUTE_MAX } from '@heliodtu/contract/limits';
import { parseSerialHex } from '@heliodtu/contract/wire';

export type LimitCheck =
  { ok: true; kind: LimitKind } | { ok: false; code: ApiCodeValue; param?: ApiParam };

/**
 * The checks of POST /api/limit/config after the kind check, in the device's order
 * (wire-contract §4.4): serial 0 → 5001, value → 5002 {max:2250}, type → 5003. Unlike the
 * device, a negative value is refused too (5002). Both limit_type schemes are accepted,
 * v24 0/1/256/257 and v25.9+ 0/1/2/3 (integrations §7.5 item 9); they do not collide.
 */
export function checkLimitConfig(data: LimitConfigRequest): LimitCheck {
  if (parseSerialHex(data.serial) === 0n) return { ok: false, code: ApiCode.LimitSerialZero };
  if (data.limit_value < 0 || exceedsLimitMaximum(data.limit_value)) {
    return { ok: false, code: ApiCode.LimitInvalidLimit, param: { max: LIMIT_ABSOLUTE_MAX } };
  }
  const kind = decodeLimitType(data.limit_type);
  if (!kind) return { ok: false, code: ApiCode.LimitInvalidType };
  return { ok: true, kind };
}
