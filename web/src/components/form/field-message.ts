import type { FieldProblem } from '@heliodtu/contract/rules/field-problem';
import type { TranslateAny } from '@/lib/i18n/catalog';
import type { MessageParams } from '@/lib/i18n/message-format';
import { apiResultText } from '@/lib/i18n/api-result-text';

/**
 * What a field shows under its input: a problem found by the shared contract rules (its code's
 * `apiresponse` text, as the gateway would answer), or a form-only message key.
 */
export type FieldMessage = FieldProblem | { field: string; key: string; params?: MessageParams };

/** Generic code the device answers for the spec's stricter bounds (see contract/codes). */
const VALUES_MISSING = 1005;

/** The translated text of a field message. */
export function fieldMessageText(t: TranslateAny, message: FieldMessage): string {
  if ('key' in message) return t(message.key, message.params);
  const { limit } = message;
  // The device's code-less warnings are all about text lengths; its 1005 bounds about numbers.
  const isLength = message.message !== undefined;
  if (limit && (message.code === VALUES_MISSING || isLength)) {
    if (limit.min !== undefined && limit.max !== undefined)
      return t(isLength ? 'validation.LengthRange' : 'validation.Range', limit);
    if (limit.max !== undefined) return t('validation.MaxLength', limit);
    if (limit.min !== undefined) return t('validation.Min', limit);
  }
  return apiResultText(t, message);
}
