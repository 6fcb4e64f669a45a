import { useCallback, useState, type FormEvent } from 'react';
import type { AlertsResult } from '@heliodtu/contract/alerts';
import { Page } from '@/components/layout/page';
import { FormFooter } from '@/components/form/form-footer';
import { getAtPath } from '@/components/form/form-path';
import {
  FormContext,
  useSettingsForm,
  type SettingsForm,
} from '@/components/form/use-settings-form';
import { useT } from '@/lib/i18n/use-t';
import { AlertDeliverySections } from './alert-delivery-sections';
import { useAlertsConfig, useSaveAlertsConfig } from './api/alerts-api';
import {
  refusedFieldOf,
  toAlertsForm,
  toAlertsRequest,
  validateAlerts,
  type AlertsForm,
  type RefusedField,
} from './alerts-form';

function AlertsSettingsForm({
  initial,
  busy,
  onCancel,
  onSave,
}: {
  initial: AlertsForm;
  busy: boolean;
  onCancel(): void;
  onSave(values: AlertsForm): Promise<AlertsResult>;
}) {
  const [refused, setRefused] = useState<RefusedField | null>(null);
  // The gateway's refusal stays at its field until that field changes.
  const validate = useCallback(
    (values: AlertsForm) => {
      const own = validateAlerts(values);
      if (refused && getAtPath(values, refused.field) === refused.value) {
        return [...own.filter((p) => p.field !== refused.field), refused.message];
      }
      return own;
    },
    [refused],
  );
  const form = useSettingsForm<AlertsForm>({ initial, validate });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    const values = form.values;
    void onSave(values).then((result) => {
      const field = refusedFieldOf(result, undefined);
      setRefused(field ? { ...field, value: getAtPath(values, field.field) } : null);
    });
  };
  return (
    <FormContext.Provider value={form as SettingsForm<unknown>}>
      <form noValidate onSubmit={onSubmit}>
        <AlertDeliverySections form={form} />
        <FormFooter busy={busy} onCancel={onCancel} />
      </form>
    </FormContext.Provider>
  );
}

/**
 * Alert delivery (issue 28, admin): webhook, e-mail, quiet hours and MQTT. Its endpoints answer
 * `{ok, field, message}` rather than OpenDTU's envelope, so the form kit is used without
 * ConfigFormPage; a refused field shows its message at the field.
 */
export function AlertsSettingsPage() {
  const t = useT();
  const query = useAlertsConfig();
  const save = useSaveAlertsConfig();
  const [result, setResult] = useState<AlertsResult | null>(null);
  const reload = () => {
    setResult(null);
    return query.refetch();
  };
  return (
    <Page
      title={t('alertsadmin.Title')}
      isLoading={query.isPending}
      error={query.error}
      onReload={reload}
    >
      {result && (
        <div
          className={`alert alert-${result.ok ? 'success' : 'danger'} alert-dismissible`}
          role="alert"
        >
          {result.ok
            ? t('alertsadmin.Saved')
            : result.field !== ''
              ? t('alertsadmin.SaveRefused')
              : t('alertsadmin.SaveFailed', { reason: result.message })}
          <button
            type="button"
            className="btn-close"
            aria-label={t('base.Close')}
            onClick={() => setResult(null)}
          />
        </div>
      )}
      {query.data !== undefined && (
        <AlertsSettingsForm
          key={query.dataUpdatedAt}
          initial={toAlertsForm(query.data)}
          busy={save.isPending || query.isFetching}
          onCancel={() => void reload()}
          onSave={async (values) => {
            setResult(null);
            const answer = await save.mutateAsync(toAlertsRequest(values));
            setResult(answer);
            return answer;
          }}
        />
      )}
    </Page>
  );
}
