import type { ApiCodeValue } from '../codes.js';
import type { ApiParam } from '../envelope.js';

/** One failed check: the wire field it concerns (dotted path for nested: 'display.contrast', 'led.1.brightness', 'channel.0.name'), the result code the device answers, and its param. */
export interface FieldProblem {
  field: string;
  code: ApiCodeValue;
  param?: ApiParam;
  /** For checks the device answers with a generic code (1005, or the network's code-less warnings): the bound that failed, so a form can say which. */
  limit?: { min?: number; max?: number };
  /** The device's own message where the wire has no code (network hostname/ssid/password warnings). */
  message?: string;
}

/** What the device answers for a failed check: the code, and the param when it has one. */
export interface RuleFailure {
  code: ApiCodeValue;
  param?: ApiParam;
}

/** The answer for the first problem (the one the device reports), or undefined when none. */
export function firstFailure(problems: readonly FieldProblem[]): RuleFailure | undefined {
  const [first] = problems;
  if (!first) return undefined;
  return first.param ? { code: first.code, param: first.param } : { code: first.code };
}
