import type { AlertsConfig, AlertsConfigData, AlertsResult } from '@heliodtu/contract/alerts';
import type { FieldMessage } from '@/components/form/field-message';

/**
 * The form's values: the settings as GET answers them, with inputs for the write-only secrets
 * ('' keeps the saved one) and a switch to remove a saved one.
 */
export interface AlertsForm {
  webhook: AlertsConfig['webhook'] & { header_value: string; header_value_remove: boolean };
  email: AlertsConfig['email'] & { password: string; password_remove: boolean };
  quiet_hours: AlertsConfig['quiet_hours'];
  mqtt: AlertsConfig['mqtt'];
}

export const toAlertsForm = (config: AlertsConfig): AlertsForm => ({
  webhook: { ...config.webhook, header_value: '', header_value_remove: false },
  email: { ...config.email, password: '', password_remove: false },
  quiet_hours: { ...config.quiet_hours },
  mqtt: { ...config.mqtt },
});

/** A secret as POST takes it: absent keeps the saved one, '' removes it. */
function secret(typed: string, remove: boolean): { value?: string } {
  if (typed !== '') return { value: typed };
  return remove ? { value: '' } : {};
}

export function toAlertsRequest(values: AlertsForm): AlertsConfigData {
  const { webhook, email } = values;
  const header = secret(webhook.header_value, webhook.header_value_remove);
  const password = secret(email.password, email.password_remove);
  return {
    webhook: {
      enabled: webhook.enabled,
      url: webhook.url.trim(),
      header_name: webhook.header_name.trim(),
      ...(header.value === undefined ? {} : { header_value: header.value }),
    },
    email: {
      enabled: email.enabled,
      host: email.host.trim(),
      port: email.port,
      security: email.security,
      user: email.user,
      ...(password.value === undefined ? {} : { password: password.value }),
      from: email.from.trim(),
      to: email.to.trim(),
      digest: email.digest,
    },
    quiet_hours: { ...values.quiet_hours },
    mqtt: { ...values.mqtt },
  };
}

/** Message keys for the fields the gateway may refuse (its English line is the fallback). */
export const FIELD_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'webhook.url': 'alertsadmin.InvalidUrl',
  'webhook.header_name': 'alertsadmin.InvalidHeaderName',
  'webhook.header_value': 'alertsadmin.InvalidHeaderValue',
  'email.host': 'alertsadmin.MissingHost',
  'email.port': 'alertsadmin.InvalidPort',
  'email.from': 'alertsadmin.InvalidFrom',
  'email.to': 'alertsadmin.InvalidTo',
  'quiet_hours.start': 'alertsadmin.InvalidTime',
  'quiet_hours.end': 'alertsadmin.InvalidTime',
};

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const ADDRESS = /^[^\s@]+@[^\s@]+$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const problem = (field: string): FieldMessage => ({
  field,
  key: FIELD_MESSAGE_KEYS[field] ?? 'validation.Required',
});

/** The gateway's checks (server/src/alerts/alert-settings.ts), so a refusal is rare. */
export function validateAlerts(values: AlertsForm): FieldMessage[] {
  const found: FieldMessage[] = [];
  const { webhook, email, quiet_hours } = values;
  const url = webhook.url.trim();
  if ((url !== '' || webhook.enabled) && !isHttpUrl(url)) found.push(problem('webhook.url'));
  const header = webhook.header_name.trim();
  if (header !== '' && !HEADER_NAME.test(header)) found.push(problem('webhook.header_name'));
  if (/[\r\n]/.test(webhook.header_value)) found.push(problem('webhook.header_value'));
  if (!Number.isInteger(email.port) || email.port < 1 || email.port > 65535)
    found.push(problem('email.port'));
  if (email.enabled) {
    if (email.host.trim() === '') found.push(problem('email.host'));
    if (!ADDRESS.test(email.from.trim())) found.push(problem('email.from'));
    const to = email.to.split(',').map((address) => address.trim());
    if (to.some((address) => !ADDRESS.test(address))) found.push(problem('email.to'));
  }
  if (!CLOCK.test(quiet_hours.start)) found.push(problem('quiet_hours.start'));
  if (!CLOCK.test(quiet_hours.end)) found.push(problem('quiet_hours.end'));
  return found;
}

/** A refusal of the gateway shown at its field, while that field keeps the refused value. */
export interface RefusedField {
  field: string;
  value: unknown;
  message: FieldMessage;
}

export function refusedFieldOf(result: AlertsResult, value: unknown): RefusedField | null {
  if (result.ok || result.field === '' || result.field === 'data') return null;
  const key = FIELD_MESSAGE_KEYS[result.field];
  return {
    field: result.field,
    value,
    message: key
      ? { field: result.field, key }
      : { field: result.field, key: 'alertsadmin.Refused', params: { message: result.message } },
  };
}
