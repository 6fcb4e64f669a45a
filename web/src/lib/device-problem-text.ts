import type { DeviceProblemCode } from '@heliodtu/contract/device-problem';
import { ApiError } from './api-client';
import type { MessageKey } from './i18n/catalog';
import { translate } from './i18n/use-t';

const TEXTS: Record<DeviceProblemCode, MessageKey> = {
  'not-opendtu': 'deviceproblem.not-opendtu',
  'wrong-password': 'deviceproblem.wrong-password',
  'password-needed': 'deviceproblem.password-needed',
  'device-error': 'deviceproblem.device-error',
  timeout: 'deviceproblem.timeout',
  tls: 'deviceproblem.tls',
  dns: 'deviceproblem.dns',
  refused: 'deviceproblem.refused',
  unreachable: 'deviceproblem.unreachable',
  'connection-lost': 'deviceproblem.connection-lost',
  busy: 'deviceproblem.busy',
};

/**
 * A companion's device problem (issue 24) in the interface's language; the companion's own
 * English line for a code this build does not know.
 */
export function deviceProblemText(problem: { code: string; message: string }): string {
  const key = TEXTS[problem.code as DeviceProblemCode] as MessageKey | undefined;
  return key ? translate(key) : problem.message;
}

/** Whether a failed call is a companion answering for its device that did not. */
const isDeviceFailure = (
  error: unknown,
): error is ApiError & { deviceProblem: DeviceProblemCode } =>
  error instanceof ApiError && error.deviceProblem !== undefined;

/**
 * Why a call failed, for the screen: a device behind a companion that did not answer in plain
 * words, any other failure by its message.
 */
export function failureReason(error: unknown): string {
  if (isDeviceFailure(error)) {
    return deviceProblemText({ code: error.deviceProblem, message: error.message });
  }
  return error instanceof Error ? error.message : String(error);
}

/** A failed load in one line: the device behind a companion is named as the one not answering. */
export function loadFailedText(error: unknown): string {
  const reason = failureReason(error);
  return isDeviceFailure(error)
    ? translate('base.LoadFailedDevice', { reason })
    : translate('base.LoadFailed', { reason });
}
