import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import type { PowerSettingsResult } from '@heliodtu/contract/grid-meter';
import type { FieldMessage } from '@/components/form/field-message';
import { FormFooter } from '@/components/form/form-footer';
import { getAtPath } from '@/components/form/form-path';
import {
  FormContext,
  useSettingsForm,
  type SettingsForm,
} from '@/components/form/use-settings-form';
import { useT } from '@/lib/i18n/use-t';

/** A refusal of the gateway shown at its field while that field keeps the refused value. */
interface Refused {
  field: string;
  value: unknown;
  message: FieldMessage;
}

function refusedOf(
  result: PowerSettingsResult,
  values: unknown,
  fieldKeys: Readonly<Record<string, string>>,
): Refused | null {
  if (result.ok || result.field === '' || result.field === 'data') return null;
  const key = fieldKeys[result.field];
  return {
    field: result.field,
    value: getAtPath(values, result.field),
    message: key
      ? { field: result.field, key }
      : { field: result.field, key: 'powercontrol.Refused', params: { message: result.message } },
  };
}

interface ResultFormProps<T> {
  initial: T;
  validate(values: T): FieldMessage[];
  /** Message keys of the fields the gateway may refuse. */
  fieldKeys: Readonly<Record<string, string>>;
  busy: boolean;
  onCancel(): void;
  onSave(values: T): Promise<PowerSettingsResult>;
  children(form: SettingsForm<T>): ReactNode;
  testId: string;
}

/**
 * One settings form on the form kit whose endpoint answers `{ok, field, message}` (the grid
 * meter's and export control's): validated on every change, nothing sent while a field is
 * wrong, a refused field's message at that field. The result shows above it (SaveResult), outside
 * the form, which starts afresh from the gateway's values after a save.
 */
export function ResultForm<T>(props: ResultFormProps<T>) {
  const { initial, validate, fieldKeys, busy, onCancel, onSave, children, testId } = props;
  const [refused, setRefused] = useState<Refused | null>(null);
  const check = useCallback(
    (values: T) => {
      const own = validate(values);
      if (refused && getAtPath(values, refused.field) === refused.value)
        return [...own.filter((p) => p.field !== refused.field), refused.message];
      return own;
    },
    [refused, validate],
  );
  const form = useSettingsForm<T>({ initial, validate: check });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    const values = form.values;
    void onSave(values).then((answer) => setRefused(refusedOf(answer, values, fieldKeys)));
  };
  return (
    <FormContext.Provider value={form as SettingsForm<unknown>}>
      <form noValidate onSubmit={onSubmit} data-testid={testId}>
        {children(form)}
        <FormFooter busy={busy} onCancel={onCancel} />
      </form>
    </FormContext.Provider>
  );
}

/** What a save came to, above its form until dismissed or saved again. */
export function SaveResult({
  result,
  onDismiss,
}: {
  result: PowerSettingsResult | null;
  onDismiss(): void;
}) {
  const t = useT();
  if (!result) return null;
  return (
    <div
      className={`alert alert-${result.ok ? 'success' : 'danger'} alert-dismissible`}
      role="alert"
    >
      {result.ok
        ? t('powercontrol.Saved')
        : result.field !== ''
          ? t('powercontrol.SaveRefused')
          : t('powercontrol.SaveFailed', { reason: result.message })}
      <button
        type="button"
        className="btn-close"
        aria-label={t('base.Close')}
        onClick={onDismiss}
      />
    </div>
  );
}
