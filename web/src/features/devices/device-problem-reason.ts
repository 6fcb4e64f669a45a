import type { DeviceProblemCode } from '@heliodtu/contract/device-problem';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { deviceProblemText } from '@/lib/device-problem-text';
import type { MessageKey } from '@/lib/i18n/catalog';
import { translate } from '@/lib/i18n/use-t';

// Apart from lib/device-problem-text.ts: the live view (the first load) needs those words, not
// the result codes this needs, which would bring the whole code table into the first load.

/** The Devices screen's own words where the owner typed the login into the form, not DTU_PASSWORD. */
const FORM_TEXTS: Partial<Record<DeviceProblemCode, MessageKey>> = {
  'wrong-password': 'devices.problem-wrong-password',
  'password-needed': 'devices.problem-password-needed',
};

/**
 * The same for a device known by its MQTT topics (issue 37): the login is the broker's, and
 * "not an OpenDTU" means nothing under that base topic.
 */
const MQTT_FORM_TEXTS: Partial<Record<DeviceProblemCode, MessageKey>> = {
  'wrong-password': 'devices.problem-mqtt-login',
  'password-needed': 'devices.problem-mqtt-login-needed',
  'not-opendtu': 'devices.problem-mqtt-nothing',
  refused: 'devices.problem-mqtt-unreachable',
  unreachable: 'devices.problem-mqtt-unreachable',
  timeout: 'devices.problem-mqtt-unreachable',
};

/** Whether an address the owner typed is one of a broker (mqtt:// or mqtts://). */
export const isMqttAddress = (url: string): boolean => /^\s*mqtts?:\/\//i.test(url);

/**
 * A Devices screen result ready for its alert: "cannot be used" (20006) gets the device's
 * problem in the interface's language as its reason (in a broker's words when `url` is an
 * MQTT address); any other result is shown as it is.
 */
export function withDeviceProblemReason(
  result: ApiResult & { problem?: string | undefined },
  url = '',
): Omit<ApiResult, 'param'> & { param?: object | undefined } {
  if (result.code !== ApiCodeCompanion.DeviceProblem || result.problem === undefined) return result;
  const code = result.problem as DeviceProblemCode;
  const formKey = (isMqttAddress(url) ? MQTT_FORM_TEXTS : FORM_TEXTS)[code];
  const reason = formKey
    ? translate(formKey)
    : deviceProblemText({ code, message: result.message });
  return { ...result, param: { reason } };
}
