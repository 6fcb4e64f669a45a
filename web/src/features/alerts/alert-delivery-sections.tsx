import { useState, type ReactNode } from 'react';
import type { AlertsResult } from '@heliodtu/contract/alerts';
import { EMAIL_SECURITY } from '@heliodtu/contract/alerts';
import { FieldRow } from '@/components/form/field-row';
import { NumberField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { PasswordField } from '@/components/form/password-field';
import { useField, type SettingsForm } from '@/components/form/use-settings-form';
import { useT } from '@/lib/i18n/use-t';
import { useTestAlerts } from './api/alerts-api';
import type { AlertsForm } from './alerts-form';

/** A local clock time (quiet hours). */
function TimeField({ name, label }: { name: string; label: ReactNode }) {
  const field = useField<string>(name);
  return (
    <FieldRow label={label} message={field.message}>
      {(ids) => (
        <input
          id={ids.inputId}
          data-field={name}
          type="time"
          className={`form-control${ids.invalid ? ' is-invalid' : ''}`}
          value={field.value}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          onChange={(event) => field.setValue(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </FieldRow>
  );
}

/** One message per alert, or a daily digest: the boolean `email.digest` as two choices. */
function DeliveryField() {
  const t = useT();
  const field = useField<boolean>('email.digest');
  return (
    <FieldRow label={t('alertsadmin.Delivery')}>
      {(ids) => (
        <select
          id={ids.inputId}
          data-field="email.digest"
          className="form-select"
          value={field.value ? 'digest' : 'each'}
          aria-describedby={ids.describedBy}
          onChange={(event) => field.setValue(event.target.value === 'digest')}
        >
          <option value="each">{t('alertsadmin.DeliveryEach')}</option>
          <option value="digest">{t('alertsadmin.DeliveryDigest')}</option>
        </select>
      )}
    </FieldRow>
  );
}

/** Sends a test message with the saved settings and says what the receiver answered. */
function TestButton({ channel, label }: { channel: 'webhook' | 'email'; label: string }) {
  const t = useT();
  const test = useTestAlerts();
  const [result, setResult] = useState<AlertsResult | null>(null);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={test.isPending}
        onClick={() => {
          setResult(null);
          void test.mutateAsync({ channel }).then(setResult);
        }}
      >
        {test.isPending && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {label}
      </button>
      {result && (
        <span
          role="status"
          className={result.ok ? 'text-success-emphasis' : 'text-danger-emphasis'}
          data-testid={`test-result-${channel}`}
        >
          {result.ok
            ? t('alertsadmin.TestOk')
            : result.field !== ''
              ? t('alertsadmin.TestNotSetUp')
              : t('alertsadmin.TestFailed', { reason: result.message })}
        </span>
      )}
    </div>
  );
}

/** The delivery settings, a card each: webhook, e-mail, quiet hours and MQTT. */
export function AlertDeliverySections({ form }: { form: SettingsForm<AlertsForm> }) {
  const t = useT();
  const { webhook, email } = form.values;
  const securityOptions = EMAIL_SECURITY.map((value) => ({
    value,
    label: t(`alertsadmin.Security.${value}`),
  }));
  return (
    <>
      <FormSection title={t('alertsadmin.Webhook')}>
        <SwitchField name="webhook.enabled" label={t('alertsadmin.Enabled')} />
        <TextField
          name="webhook.url"
          type="url"
          inputMode="url"
          label={t('alertsadmin.Url')}
          help={t('alertsadmin.UrlHint')}
          maxLength={512}
          placeholder="https://ntfy.sh/…"
        />
        <TextField
          name="webhook.header_name"
          label={t('alertsadmin.HeaderName')}
          help={t('alertsadmin.HeaderNameHint')}
          maxLength={64}
          placeholder="Authorization"
        />
        <PasswordField
          name="webhook.header_value"
          label={t('alertsadmin.HeaderValue')}
          help={
            webhook.header_value_set ? t('alertsadmin.SecretSet') : t('alertsadmin.SecretNotSet')
          }
          maxLength={512}
          autoComplete="off"
        />
        {webhook.header_value_set && (
          <SwitchField
            name="webhook.header_value_remove"
            label={t('alertsadmin.RemoveHeaderValue')}
          />
        )}
        <FieldRow label={t('alertsadmin.Test')} help={t('alertsadmin.TestHint')}>
          {() => <TestButton channel="webhook" label={t('alertsadmin.TestWebhook')} />}
        </FieldRow>
      </FormSection>
      <FormSection title={t('alertsadmin.Email')}>
        <SwitchField name="email.enabled" label={t('alertsadmin.Enabled')} />
        <TextField
          name="email.host"
          label={t('alertsadmin.Host')}
          maxLength={128}
          inputMode="url"
        />
        <NumberField name="email.port" label={t('alertsadmin.Port')} min={1} max={65535} />
        <SelectField
          name="email.security"
          label={t('alertsadmin.SecurityLabel')}
          options={securityOptions}
        />
        <TextField
          name="email.user"
          label={t('alertsadmin.User')}
          help={t('alertsadmin.UserHint')}
          maxLength={128}
          autoComplete="off"
        />
        <PasswordField
          name="email.password"
          label={t('alertsadmin.Password')}
          help={email.password_set ? t('alertsadmin.SecretSet') : t('alertsadmin.SecretNotSet')}
          maxLength={128}
        />
        {email.password_set && (
          <SwitchField name="email.password_remove" label={t('alertsadmin.RemovePassword')} />
        )}
        <TextField name="email.from" type="email" label={t('alertsadmin.From')} maxLength={128} />
        <TextField
          name="email.to"
          label={t('alertsadmin.To')}
          help={t('alertsadmin.ToHint')}
          maxLength={512}
        />
        <DeliveryField />
        <FieldRow label={t('alertsadmin.Test')} help={t('alertsadmin.TestHint')}>
          {() => <TestButton channel="email" label={t('alertsadmin.TestEmail')} />}
        </FieldRow>
      </FormSection>
      <FormSection title={t('alertsadmin.QuietHours')}>
        <SwitchField
          name="quiet_hours.enabled"
          label={t('alertsadmin.Enabled')}
          help={t('alertsadmin.QuietHoursHint')}
        />
        <TimeField name="quiet_hours.start" label={t('alertsadmin.QuietFrom')} />
        <TimeField name="quiet_hours.end" label={t('alertsadmin.QuietUntil')} />
      </FormSection>
      <FormSection title={t('alertsadmin.Mqtt')}>
        <SwitchField
          name="mqtt.enabled"
          label={t('alertsadmin.MqttEnabled')}
          help={t('alertsadmin.MqttHint')}
        />
      </FormSection>
    </>
  );
}
