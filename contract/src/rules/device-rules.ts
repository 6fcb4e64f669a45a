import { ApiCode } from '../codes.js';
import type { DeviceConfigRequest } from '../device.js';
import {
  DIAGRAM_DURATION,
  DIAGRAM_MODE,
  DISPLAY_CONTRAST,
  DISPLAY_LOCALE_MAX,
  DISPLAY_ROTATION,
  LED_BRIGHTNESS,
  LED_COUNT,
  PIN_MAPPING_NAME_MAX,
  type Range,
} from '../limits.js';
import { firstFailure, type FieldProblem, type RuleFailure } from './field-problem.js';
import { utf8Length } from './utf8-length.js';

export type DeviceRuleFailure = RuleFailure;

const outside = (value: number | undefined, range: Range) =>
  value !== undefined && (value < range.min || value > range.max);

const DISPLAY_RANGES = [
  ['rotation', DISPLAY_ROTATION],
  ['contrast', DISPLAY_CONTRAST],
  ['diagramduration', DIAGRAM_DURATION],
  ['diagrammode', DIAGRAM_MODE],
] as const;

/** The pin-mapping name a post selects: a missing curPin or name reads as "" (wire-contract §4.7). */
export function postedPinMappingName(data: DeviceConfigRequest): string {
  return data.curPin?.name ?? '';
}

/**
 * Every failing check of POST /api/device/config after the kind checks (wire-contract §4.7,
 * spec §5), in order: 12001 {max: 63} on `curPin.name` for a pin-mapping name of 0 or more than
 * 63 bytes, then 1005 (with the bound as `limit`) for each display value (`display.<key>`) or
 * LED brightness (`led.<i>.brightness`, first two LEDs) outside the spec's bounds (why 1005:
 * see contract device.ts). Values left out are not checked.
 */
export function deviceConfigProblems(data: DeviceConfigRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const name = postedPinMappingName(data);
  // The device keeps both strings in fixed byte buffers, so length counts UTF-8 bytes.
  if (name.length === 0 || utf8Length(name) > PIN_MAPPING_NAME_MAX) {
    const param = { max: PIN_MAPPING_NAME_MAX };
    problems.push({ field: 'curPin.name', code: ApiCode.HardwarePinMappingLength, param });
  }
  const generic = (field: string, limit: Range) =>
    problems.push({
      field,
      code: ApiCode.GenericValueMissing,
      limit: { min: limit.min, max: limit.max },
    });
  const display = data.display ?? {};
  for (const [key, range] of DISPLAY_RANGES) {
    if (outside(display[key], range)) generic(`display.${key}`, range);
  }
  const locale = display.locale;
  if (locale !== undefined && (locale.length === 0 || utf8Length(locale) > DISPLAY_LOCALE_MAX)) {
    generic('display.locale', { min: 1, max: DISPLAY_LOCALE_MAX });
  }
  (data.led ?? []).slice(0, LED_COUNT).forEach((led, index) => {
    if (outside(led.brightness, LED_BRIGHTNESS)) generic(`led.${index}.brightness`, LED_BRIGHTNESS);
  });
  return problems;
}

/** The first failing check (the one the device answers), or undefined. */
export function checkDeviceConfig(data: DeviceConfigRequest): DeviceRuleFailure | undefined {
  return firstFailure(deviceConfigProblems(data));
}
