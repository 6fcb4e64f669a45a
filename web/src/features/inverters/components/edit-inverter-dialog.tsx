import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiResult } from '@heliodtu/contract/envelope';
import type { Inverter } from '@heliodtu/contract/inverter';
import {
  FormContext,
  useSettingsForm,
  type SettingsForm,
} from '@/components/form/use-settings-form';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ResultAlert } from '@/components/ui/result-alert';
import { Tabs } from '@/components/ui/tabs';
import { useT } from '@/lib/i18n/use-t';
import { useInverterAction } from '../api/inverter-api';
import { tabOf, toEditRequest, validateEdit, type EditTabId as TabId } from '../inverter-form';
import { AdvancedPanel, GeneralPanel, StringsPanel } from './edit-panels';

interface EditInverterDialogProps {
  inverter: Inverter;
  /** The whole list, for the duplicate-serial check. */
  inverters: readonly Inverter[];
  onClose(): void;
  /** The gateway accepted the change; the page shows the result and closes the dialog. */
  onSaved(result: ApiResult): void;
}

/**
 * Every setting of one inverter in tabs General, String and Advanced (spec §2/§3), checked by
 * the rules of spec §5 before sending. A refusal stays in the dialog so it can be corrected.
 */
export function EditInverterDialog(props: EditInverterDialogProps) {
  const { inverter, inverters, onClose, onSaved } = props;
  const t = useT();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const edit = useInverterAction('edit');
  const [tab, setTab] = useState<TabId>('general');
  const [result, setResult] = useState<ApiResult | null>(null);
  const form = useSettingsForm<Inverter>({
    initial: { ...inverter, serial: inverter.serial.toUpperCase() },
    validate: (values) => validateEdit(values, inverters),
  });
  const shownOn = (id: TabId) =>
    form.problems.some((problem) => tabOf(problem.field) === id && form.messageFor(problem.field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!form.trySubmit()) {
      // The first wrong input gets the focus; its tab must be showing for that.
      const first = form.problems[0];
      if (!first) return;
      setTab(tabOf(first.field));
      // The kit looks in the whole document, where the add form (inert behind the dialog) can
      // hold a field of the same name first; look inside the dialog as well.
      window.setTimeout(() => {
        const selector = `[data-field="${first.field}"]`;
        formRef.current?.querySelector<HTMLElement>(selector)?.focus();
      });
      return;
    }
    const answer = await edit.mutateAsync(toEditRequest(form.values));
    if (answer.type === 'success') onSaved(answer);
    else setResult(answer);
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      staticBackdrop
      size="lg"
      title={`${t('inverteradmin.EditInverter')}: ${inverter.name}`}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('base.Cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={edit.isPending}>
            {t('base.Save')}
          </button>
        </>
      }
    >
      <ResultAlert result={result} onDismiss={() => setResult(null)} />
      <FormContext.Provider value={form as SettingsForm<unknown>}>
        <form ref={formRef} id={formId} noValidate onSubmit={(event) => void submit(event)}>
          <Tabs<TabId>
            label={t('inverteradmin.EditInverter')}
            invalidLabel={t('inverteradmin.TabInvalid')}
            active={tab}
            onSelect={setTab}
            tabs={[
              {
                id: 'general',
                label: t('inverteradmin.General'),
                invalid: shownOn('general'),
                panel: <GeneralPanel />,
              },
              {
                id: 'string',
                label: t('inverteradmin.String'),
                invalid: shownOn('string'),
                panel: <StringsPanel channels={form.values.channel} />,
              },
              {
                id: 'advanced',
                label: t('inverteradmin.Advanced'),
                invalid: shownOn('advanced'),
                panel: <AdvancedPanel />,
              },
            ]}
          />
        </form>
      </FormContext.Provider>
    </ModalDialog>
  );
}
