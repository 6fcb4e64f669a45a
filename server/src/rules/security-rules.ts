import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import type { ApiParam } from '@heliodtu/contract/envelope';
import { SECURITY_PASSWORD } from '@heliodtu/contract/limits';

/**
 * The password rule of POST /api/security/config (wire-contract §4.1): 8..64, counted in
 * bytes as the device's 64-byte buffer does, answered with 10001 and `{max: 64}`.
 */
export function passwordProblem(password: string): { code: ApiCodeValue; param: ApiParam } | null {
  const length = Buffer.byteLength(password, 'utf8');
  if (length >= SECURITY_PASSWORD.min && length <= SECURITY_PASSWORD.max) return null;
  return { code: ApiCode.SecurityPasswordLength, param: { max: SECURITY_PASSWORD.max } };
}
