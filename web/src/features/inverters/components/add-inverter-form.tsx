import { useState, type FormEvent } from 'react';
import plusIcon from 'bootstrap-icons/icons/plus-lg.svg?raw';
import type { ApiResult } from '@heliodtu/contract/envelope';
import type { Inverter } from '@heliodtu/contract/inverter';
import { TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import {
  FormContext,
  useSettingsForm,
  type SettingsForm,
} from '@/components/form/use-settings-form';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import { useInverterAction } from '../api/inverter-api';
import { EMPTY_ADD_FORM, serialToSend, validateAdd, type AddForm } from '../inverter-form';
import { SerialField } from './serial-field';

interface AddInverterFormProps {
  /** The listed inverters, for the duplicate check. */
  inverters: readonly Inverter[];
  onResult(result: ApiResult): void;
}

/** Serial and name of a new inverter (spec §2); nothing is sent while a rule fails. */
export function AddInverterForm({ inverters, onResult }: AddInverterFormProps) {
  const t = useT();
  const add = useInverterAction('add');
  // A new form after each success: values, touched fields and the submitted flag start over.
  const [round, setRound] = useState(0);
  return (
    <FormSection title={t('inverteradmin.AddInverter')}>
      <AddFields
        key={round}
        inverters={inverters}
        busy={add.isPending}
        onSubmit={async (values) => {
          const result = await add.mutateAsync({
            serial: serialToSend(values.serial),
            name: values.name,
          });
          onResult(result);
          if (result.type === 'success') setRound((n) => n + 1);
        }}
      />
    </FormSection>
  );
}

interface AddFieldsProps {
  inverters: readonly Inverter[];
  busy: boolean;
  onSubmit(values: AddForm): Promise<void>;
}

function AddFields({ inverters, busy, onSubmit }: AddFieldsProps) {
  const t = useT();
  const form = useSettingsForm<AddForm>({
    initial: EMPTY_ADD_FORM,
    validate: (values) => validateAdd(values, inverters),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.trySubmit()) void onSubmit(form.values);
  };
  return (
    <FormContext.Provider value={form as SettingsForm<unknown>}>
      <form noValidate onSubmit={submit} aria-label={t('inverteradmin.AddInverter')}>
        <SerialField label={t('inverteradmin.Serial')} help={t('inverteradmin.SerialHint')} />
        <TextField name="name" label={t('inverteradmin.Name')} />
        <div className="d-flex flex-wrap align-items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Icon svg={plusIcon} className="me-1" />
            {t('inverteradmin.Add')}
          </button>
          <span className="form-text mt-0">{t('inverteradmin.AddHint')}</span>
        </div>
      </form>
    </FormContext.Provider>
  );
}
