import type { ExportControlConfig, GovernedInverter } from '@heliodtu/contract/export-control';
import {
  EXPORT_CONTROL_COMMAND_SPACING_S,
  EXPORT_CONTROL_HYSTERESIS_W,
  EXPORT_CONTROL_INVERTERS_MAX,
  EXPORT_CONTROL_LIMIT_W,
  EXPORT_CONTROL_MANUAL_PAUSE_MIN,
  EXPORT_CONTROL_TARGET_W,
  type Range,
} from '@heliodtu/contract/limits';
import { ApiCode } from '@heliodtu/contract/codes';
import { exportControlConfigProblems } from '@heliodtu/contract/rules/export-control-rules';
import type { FieldMessage } from '@/components/form/field-message';

/** The export control form's values are the settings themselves (GET answers what POST takes). */
export type ControlForm = ExportControlConfig;

export const toControlForm = (config: ExportControlConfig): ControlForm => ({
  ...config,
  window: { ...config.window },
  inverters: config.inverters.map((inverter) => ({ ...inverter })),
});

/** An optional limit left empty is null ("its lower limit", "the limit it had"), never 0. */
const optional = (value: number | null): number | null =>
  value === null || Number.isNaN(value) ? null : value;

export const toControlRequest = (values: ControlForm): ExportControlConfig => ({
  ...values,
  inverters: values.inverters.map((inverter) => ({
    ...inverter,
    fallback_w: optional(inverter.fallback_w),
    restore_w: optional(inverter.restore_w),
  })),
});

/** The key of a governed inverter: the same serial may be on two devices. */
export const governedKey = (inverter: Pick<GovernedInverter, 'device' | 'serial'>): string =>
  `${inverter.device}/${inverter.serial}`;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

const range = (field: string, value: number, limit: Range): FieldMessage | null =>
  Number.isInteger(value) && value >= limit.min && value <= limit.max
    ? null
    : { field, key: 'validation.Range', params: { min: limit.min, max: limit.max } };

/**
 * Export control's checks (the limits of contract/limits.ts): whole numbers in range, clock
 * times, each inverter's lower limit not above its upper one, an inverter chosen once.
 */
export function validateControl(values: ControlForm): FieldMessage[] {
  const found: (FieldMessage | null)[] = [
    range('target_w', values.target_w, EXPORT_CONTROL_TARGET_W),
    range('hysteresis_w', values.hysteresis_w, EXPORT_CONTROL_HYSTERESIS_W),
    range('command_spacing_s', values.command_spacing_s, EXPORT_CONTROL_COMMAND_SPACING_S),
    range('manual_pause_min', values.manual_pause_min, EXPORT_CONTROL_MANUAL_PAUSE_MIN),
  ];
  for (const end of ['start', 'end'] as const) {
    if (!CLOCK.test(values.window[end]))
      found.push({ field: `window.${end}`, key: 'powercontrol.InvalidTime' });
  }
  if (values.inverters.length > EXPORT_CONTROL_INVERTERS_MAX)
    found.push({
      field: 'inverters',
      key: 'powercontrol.TooManyInverters',
      params: { max: EXPORT_CONTROL_INVERTERS_MAX },
    });
  const seen = new Set<string>();
  values.inverters.forEach((inverter, i) => {
    const at = `inverters.${i}`;
    const lower = range(`${at}.lower_w`, inverter.lower_w, EXPORT_CONTROL_LIMIT_W);
    const upper = range(`${at}.upper_w`, inverter.upper_w, EXPORT_CONTROL_LIMIT_W);
    found.push(lower, upper);
    if (!lower && !upper && inverter.lower_w > inverter.upper_w)
      found.push({ field: `${at}.upper_w`, key: 'powercontrol.UpperBelowLower' });
    for (const name of ['fallback_w', 'restore_w'] as const) {
      const value = optional(inverter[name]);
      if (value !== null) found.push(range(`${at}.${name}`, value, EXPORT_CONTROL_LIMIT_W));
    }
    const key = governedKey(inverter);
    if (seen.has(key)) found.push({ field: `${at}.serial`, key: 'powercontrol.ChosenTwice' });
    seen.add(key);
  });
  const own = found.filter((problem): problem is FieldMessage => problem !== null);
  // The gateway's own rules (contract/rules): a field they refuse that the checks above passed
  // (a fallback above the upper limit) is refused here too, before anything is sent.
  const taken = new Set(own.map((problem) => problem.field));
  const shared = exportControlConfigProblems(toControlRequest(values))
    .filter((problem) => !taken.has(problem.field))
    .map((problem) => ({ field: problem.field, code: ApiCode.GenericValueMissing }));
  return [...own, ...shared];
}
