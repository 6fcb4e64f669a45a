import type { SecurityConfig } from '@heliodtu/contract/security';
import { ADMIN_USERNAME, SECURITY_PASSWORD } from '@heliodtu/contract/limits';
import { ConfigFormPage } from '@/components/form/config-form-page';
import { SwitchField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { PasswordField } from '@/components/form/password-field';
import { useCompanionDevice } from '@/lib/companion-status';
import { useT } from '@/lib/i18n/use-t';
import { encodeAuthdata, readStoredUser, storeUser } from '@/lib/session';
import { CompanionLoginNote } from './companion-login-note';
import {
  toSecurityForm,
  toSecurityRequest,
  validateSecurity,
  type SecurityForm,
} from './security-form';

// The next call would answer 401 with the old credentials and log the admin out; the new
// password is the one they just chose, so keep them logged in with it.
function renewLogin({ password }: SecurityForm) {
  const user = readStoredUser();
  if (user) storeUser({ ...user, authdata: encodeAuthdata(ADMIN_USERNAME, password) });
}

/**
 * Admin password with its repeat, and the read-only permission (spec §2 Security). On a
 * companion they are the companion's own; a note says so and where the device's are set.
 */
export function SecuritySettingsPage() {
  const t = useT();
  const companionDevice = useCompanionDevice();
  return (
    <ConfigFormPage<SecurityConfig, SecurityForm>
      title={t('securityadmin.SecuritySettings')}
      area="security"
      toForm={toSecurityForm}
      toRequest={toSecurityRequest}
      validate={validateSecurity}
      onSaved={renewLogin}
    >
      {() => (
        <>
          <FormSection title={t('securityadmin.AdminPassword')}>
            {companionDevice && <CompanionLoginNote device={companionDevice} />}
            <PasswordField
              name="password"
              label={t('securityadmin.Password')}
              maxLength={SECURITY_PASSWORD.max}
              help={t('securityadmin.PasswordHint')}
            />
            <PasswordField
              name="password_repeat"
              label={t('securityadmin.RepeatPassword')}
              maxLength={SECURITY_PASSWORD.max}
            />
          </FormSection>
          <FormSection title={t('securityadmin.Permissions')}>
            <SwitchField
              name="allow_readonly"
              label={t('securityadmin.ReadOnly')}
              help={t('securityadmin.ReadOnlyHint')}
            />
          </FormSection>
        </>
      )}
    </ConfigFormPage>
  );
}
