import { ApiCode, type ApiCodeValue } from '../codes.js';
import type { ApiParam } from '../envelope.js';
import { SECURITY_PASSWORD } from '../limits.js';
import type { SecurityConfigRequest } from '../security.js';
import type { FieldProblem } from './field-problem.js';
import { utf8Length } from './utf8-length.js';

/**
 * The password rule of POST /api/security/config (wire-contract §4.1): 8..64, counted in
 * bytes as the device's 64-byte buffer does, answered with 10001 and `{max: 64}` on `password`.
 */
export function securityConfigProblems(
  data: Pick<SecurityConfigRequest, 'password'>,
): FieldProblem[] {
  const length = utf8Length(data.password);
  if (length >= SECURITY_PASSWORD.min && length <= SECURITY_PASSWORD.max) return [];
  const param = { max: SECURITY_PASSWORD.max };
  return [{ field: 'password', code: ApiCode.SecurityPasswordLength, param }];
}

/** The answer for a password that fails the rule, or null. */
export function passwordProblem(password: string): { code: ApiCodeValue; param: ApiParam } | null {
  const [problem] = securityConfigProblems({ password });
  return problem?.param ? { code: problem.code, param: problem.param } : null;
}
