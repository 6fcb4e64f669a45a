import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import type { DeviceConfigRequest } from '@heliodtu/contract/device';
import type { ApiParam } from '@heliodtu/contract/envelope';
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
} from '@heliodtu/contract/limits';

export interface DeviceRuleFailure {
  code: ApiCodeValue;
  param?: ApiParam;
}

// The device keeps both in fixed byte buffers, so length counts UTF-8 bytes.
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const outside = (value: number | undefined, range: Range) =>
  value !== undefined && (value < range.min || value > range.max);

/** The pin-mapping name a post selects: a missing curPin or name reads as "" (wire-contract §4.7). */
export function postedPinMappingName(data: DeviceConfigRequest): string {
  return data.curPin?.name ?? '';
}

/**
 * POST /api/device/config checks after the kind checks (wire-contract §4.7, spec §5):
 * 12001 {max: 63} for a pin-mapping name of 0 or more than 63 bytes, then 1005 for a
 * display or LED value outside the spec's bounds (why 1005: see contract device.ts).
 */
export function checkDeviceConfig(data: DeviceConfigRequest): DeviceRuleFailure | undefined {
  const name = postedPinMappingName(data);
  if (name.length === 0 || bytes(name) > PIN_MAPPING_NAME_MAX) {
    return { code: ApiCode.HardwarePinMappingLength, param: { max: PIN_MAPPING_NAME_MAX } };
  }
  const display = data.display ?? {};
  const locale = display.locale;
  const displayOutside =
    outside(display.rotation, DISPLAY_ROTATION) ||
    outside(display.contrast, DISPLAY_CONTRAST) ||
    outside(display.diagramduration, DIAGRAM_DURATION) ||
    outside(display.diagrammode, DIAGRAM_MODE) ||
    (locale !== undefined && (locale.length === 0 || bytes(locale) > DISPLAY_LOCALE_MAX));
  const ledOutside = (data.led ?? [])
    .slice(0, LED_COUNT)
    .some((led) => outside(led.brightness, LED_BRIGHTNESS));
  if (displayOutside || ledOutside) return { code: ApiCode.GenericValueMissing };
  return undefined;
}
