import type { DeviceConfig, DeviceConfigRequest } from '@heliodtu/contract/device';
import { deviceConfigProblems } from '@heliodtu/contract/rules/device-rules';
import type { FieldMessage } from '@/components/form/field-message';
import { sameBrightness } from './brightness';
import { DEFAULT_PROFILE_NAME } from './pin-profiles';

/** The form adds the equal-brightness switch, which never goes on the wire. */
export interface DeviceForm extends DeviceConfig {
  equal_brightness: boolean;
}

export const toDeviceForm = (config: DeviceConfig): DeviceForm => ({
  ...config,
  // "" is the built-in profile; the interface names it 'Default' (wire-contract §4.7).
  curPin: { ...config.curPin, name: config.curPin.name || DEFAULT_PROFILE_NAME },
  equal_brightness: sameBrightness(config.led),
});

/** The whole GET object back, as the gateway expects (wire-contract §4.7). */
export const toDeviceRequest = ({
  equal_brightness: _equal,
  ...config
}: DeviceForm): DeviceConfig & DeviceConfigRequest => config;

/** Which tab each field lives on, so a failed save can open the tab of its first problem. */
export type DeviceTab = 'pins' | 'display' | 'leds';

export function tabOfField(field: string): DeviceTab {
  if (field.startsWith('display.')) return 'display';
  if (field.startsWith('led.')) return 'leds';
  return 'pins';
}

/** Form checks (a cleared or fractional number), then the gateway's rules (contract device-rules). */
export function validateDevice(values: DeviceForm): FieldMessage[] {
  const own: FieldMessage[] = [];
  const duration = values.display.diagramduration;
  if (Number.isNaN(duration)) {
    own.push({ field: 'display.diagramduration', key: 'validation.Required' });
  } else if (!Number.isInteger(duration)) {
    own.push({ field: 'display.diagramduration', key: 'validation.Integer' });
  }
  const taken = new Set(own.map((problem) => problem.field));
  const rules = deviceConfigProblems(toDeviceRequest(values)).filter(
    (problem) => !taken.has(problem.field),
  );
  return [...own, ...rules];
}
