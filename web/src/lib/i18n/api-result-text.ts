import type { TranslateAny } from './catalog';

export interface ResultLike {
  code?: number | undefined;
  message?: string | undefined;
  param?: object | undefined;
}

/**
 * The text of a result envelope: `apiresponse.<code>` with `param` (spec §7), or the device's
 * own message when the code is absent or unknown (wire-contract §5, three network errors).
 */
export function apiResultText(t: TranslateAny, result: ResultLike): string {
  if (result.code !== undefined) {
    const key = `apiresponse.${result.code}`;
    const text = t(key, result.param);
    if (text !== key) return text;
  }
  return result.message ?? '';
}
