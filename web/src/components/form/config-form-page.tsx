import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { Page } from '@/components/layout/page';
import { ResultAlert } from '@/components/ui/result-alert';
import { useConfig, useSaveConfig } from '@/lib/config-api';
import { currentScreenDevice, registerUnsavedEdits } from '@/lib/device-scope';
import type { FieldMessage } from './field-message';
import { FormFooter } from './form-footer';
import { FormContext, useSettingsForm, type SettingsForm } from './use-settings-form';

interface ConfigFormPageProps<T, D> {
  title: string;
  /** API area: GET and POST `api/<area>/config`, cache key [area]. */
  area: string;
  /** Turns the loaded answer into form values (defaults to the answer itself). */
  toForm?: (config: T) => D;
  /** Turns form values into the posted data (defaults to the values). */
  toRequest?: (values: D) => unknown;
  validate?: (values: D) => readonly FieldMessage[];
  /** After the gateway accepted a save (the security page renews the stored login). */
  onSaved?: (values: D) => void;
  /** The fields; visibility rules read `form.values`. */
  children(form: SettingsForm<D>): ReactNode;
  /** Shown below the form once it is loaded, outside it (NTP's manual time sync). */
  after?: ReactNode;
}

/**
 * The five steps every settings page shares (architecture §6.6): load → show → edit with the
 * contract's rules → save → result alert; Cancel and Reload bring back the gateway's values.
 * An invalid form sends nothing.
 */
export function ConfigFormPage<T, D = T>(props: ConfigFormPageProps<T, D>) {
  const { title, area } = props;
  const query = useConfig<T>(area);
  const save = useSaveConfig<unknown>(area);
  const [result, setResult] = useState<ApiResult | null>(null);
  const reload = () => {
    setResult(null);
    return query.refetch();
  };

  return (
    <Page title={title} isLoading={query.isPending} error={query.error} onReload={reload}>
      <ResultAlert result={result} onDismiss={() => setResult(null)} />
      {query.data !== undefined && (
        <ConfigForm
          // A new answer (reload, cancel, after a save) starts the form over from it.
          key={query.dataUpdatedAt}
          initial={props.toForm ? props.toForm(query.data) : (query.data as unknown as D)}
          validate={props.validate}
          busy={save.isPending || query.isFetching}
          onCancel={() => void reload()}
          onSave={async (values, device) => {
            setResult(null);
            const data = props.toRequest ? props.toRequest(values) : values;
            const answer = await save.mutateAsync({ data, device });
            if (answer.type === 'success') props.onSaved?.(values);
            setResult(answer);
          }}
        >
          {props.children}
        </ConfigForm>
      )}
      {query.data !== undefined && props.after}
    </Page>
  );
}

interface ConfigFormProps<D> {
  initial: D;
  validate: ((values: D) => readonly FieldMessage[]) | undefined;
  busy: boolean;
  onCancel(): void;
  /** `device`: the device behind a companion the form loaded from (issue 27), null for none. */
  onSave(values: D, device: string | null): Promise<void>;
  children(form: SettingsForm<D>): ReactNode;
}

function ConfigForm<D>({
  initial,
  validate,
  busy,
  onCancel,
  onSave,
  children,
}: ConfigFormProps<D>) {
  const form = useSettingsForm<D>({ initial, ...(validate ? { validate } : {}) });
  // The device these values came from: a save goes there and nowhere else, whatever the screen
  // is switched to meanwhile (issue 27).
  const [device] = useState(currentScreenDevice);
  const edited = form.values !== initial;
  useEffect(() => (edited ? registerUnsavedEdits(() => true) : undefined), [edited]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.trySubmit()) void onSave(form.values, device);
  };
  return (
    <FormContext.Provider value={form as SettingsForm<unknown>}>
      <form noValidate onSubmit={onSubmit}>
        {children(form)}
        <FormFooter busy={busy} onCancel={onCancel} />
      </form>
    </FormContext.Provider>
  );
}
