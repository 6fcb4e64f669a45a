import { SECURITY_PASSWORD } from '@heliodtu/contract/limits';
import type { SecurityConfig } from '@heliodtu/contract/security';
import type { FieldMessage } from '@/components/form/field-message';

/** The form adds the repeat field, which never goes on the wire. */
export interface SecurityForm extends SecurityConfig {
  password_repeat: string;
}

export const toSecurityForm = (config: SecurityConfig): SecurityForm => ({
  ...config,
  password_repeat: config.password,
});

export const toSecurityRequest = ({ password, allow_readonly }: SecurityForm): SecurityConfig => ({
  password,
  allow_readonly,
});

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Spec §5: 8..64 characters (counted in bytes, as the gateway does), and the repeat must match. */
export function validateSecurity(values: SecurityForm): FieldMessage[] {
  const problems: FieldMessage[] = [];
  const length = utf8Length(values.password);
  if (length < SECURITY_PASSWORD.min || length > SECURITY_PASSWORD.max) {
    problems.push({
      field: 'password',
      key: 'securityadmin.PasswordLength',
      params: SECURITY_PASSWORD,
    });
  }
  if (values.password_repeat !== values.password) {
    problems.push({ field: 'password_repeat', key: 'securityadmin.PasswordsNotEqual' });
  }
  return problems;
}
