import type { InverterLimitStatus, LimitConfigRequest } from '@heliodtu/contract/limit';
import type { FirmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import { limitRange, limitTypeFor } from '@heliodtu/contract/domain/limit-type';
import type { Range } from '@heliodtu/contract/limits';

export interface LimitFormInput {
  /** The input's text; '' when empty. */
  value: string;
  relative: boolean;
  persistent: boolean;
}

export type LimitFormResult =
  | { ok: true; request: LimitConfigRequest }
  | { ok: false; error: 'required' }
  | { ok: false; error: 'range'; range: Range };

/** The input range for the chosen type, from the limit status' max_power (spec §4). */
export function rangeFor(relative: boolean, status: InverterLimitStatus | undefined): Range {
  return limitRange(relative, status?.max_power ?? 0);
}

/**
 * Checks the limit dialog's input against spec §4 (relative 0..100 %, absolute 0..max power or
 * 2250 W) and builds the request: limit_type 1 relative / 0 absolute, "kept after restart" as the
 * device's generation expects it (+256 on v24, +2 on v26; wire-current §2).
 */
export function validateLimit(
  serial: string,
  input: LimitFormInput,
  status: InverterLimitStatus | undefined,
  generation: FirmwareGeneration = 'v24',
): LimitFormResult {
  const text = input.value.trim().replace(',', '.');
  if (text === '') return { ok: false, error: 'required' };
  const value = Number(text);
  const range = rangeFor(input.relative, status);
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    return { ok: false, error: 'range', range };
  }
  const kind = { relative: input.relative, persistent: input.persistent };
  const limit_type = limitTypeFor(kind, generation);
  return { ok: true, request: { serial, limit_value: value, limit_type } };
}

/** What the input shows before the user types: the current limit in the chosen unit. */
export function defaultLimitText(
  relative: boolean,
  status: InverterLimitStatus | undefined,
): string {
  if (!status) return '';
  if (relative) return String(Math.round(status.limit_relative * 10) / 10);
  if (status.max_power <= 0) return '';
  return String(Math.round((status.limit_relative * status.max_power) / 100));
}

/** Below this share of the max power an absolute limit is warned about (issue 15). */
export const LOW_LIMIT_SHARE = 0.02;

/** What the dialog says the inverter will do with the typed value (issue 15). */
export interface LimitPreview {
  /** The limit in W, when it can be known (absolute, or relative with a known max power). */
  readonly watts: number | null;
  /** The limit in % of the max power, when it can be known. */
  readonly percent: number | null;
  /** An absolute limit above the max power, or below 2 % of it. */
  readonly warning: 'above' | 'below' | null;
}

/** The preview of a typed value; null while the input holds no number. */
export function limitPreview(
  text: string,
  relative: boolean,
  status: InverterLimitStatus | undefined,
): LimitPreview | null {
  const clean = text.trim().replace(',', '.');
  const value = Number(clean);
  if (clean === '' || !Number.isFinite(value) || value < 0) return null;
  const max = status?.max_power ?? 0;
  if (relative) {
    const percent = Math.min(value, 100);
    return { watts: max > 0 ? (percent * max) / 100 : null, percent, warning: null };
  }
  const warning =
    max > 0 && value > max ? 'above' : max > 0 && value < max * LOW_LIMIT_SHARE ? 'below' : null;
  return { watts: value, percent: max > 0 ? (value / max) * 100 : null, warning };
}
