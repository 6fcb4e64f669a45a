import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import type { ApiResult } from '@heliodtu/contract/envelope';
import type { Inverter } from '@heliodtu/contract/inverter';
import { FormSection } from '@/components/form/form-section';
import { Page } from '@/components/layout/page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResultAlert } from '@/components/ui/result-alert';
import { useT } from '@/lib/i18n/use-t';
import { useInverterAction, useInverterList } from './api/inverter-api';
import { AddInverterForm } from './components/add-inverter-form';
import { EditInverterDialog } from './components/edit-inverter-dialog';
import { InverterTable } from './components/inverter-table';
import { mergeOrder, moveId } from './reorder';

const NO_INVERTERS: readonly Inverter[] = [];

/** Inverter administration (spec §2): add, sortable list with Save order, edit, delete. */
export function InverterAdminPage() {
  const t = useT();
  const list = useInverterList();
  const saveOrder = useInverterAction('order');
  const remove = useInverterAction('del');
  const [result, setResult] = useState<ApiResult | null>(null);
  const [draft, setDraft] = useState<readonly number[] | null>(null);
  const [editing, setEditing] = useState<Inverter | null>(null);
  const [deleting, setDeleting] = useState<Inverter | null>(null);

  const inverters = list.data ?? NO_INVERTERS;
  // `?edit=<serial>` (the live overview's "set the Wp" link) opens that inverter's dialog until
  // the first dialog closes or another is opened.
  const editSerial = new URLSearchParams(useSearch()).get('edit');
  const [linkDone, setLinkDone] = useState(false);
  const linked =
    linkDone || !editSerial
      ? undefined
      : inverters.find((inverter) => String(inverter.serial) === editSerial);
  const editorOf = editing ?? linked;
  const closeEditor = () => {
    setEditing(null);
    setLinkDone(true);
  };
  const listedIds = useMemo(() => inverters.map((inverter) => inverter.id), [inverters]);
  const shownIds = mergeOrder(draft, listedIds);
  const shown = shownIds.flatMap((id) => inverters.filter((inverter) => inverter.id === id));
  const orderChanged = shownIds.some((id, index) => id !== listedIds[index]);

  const reload = () => {
    setResult(null);
    setDraft(null);
    return list.refetch();
  };
  const onSaveOrder = async () => {
    setResult(null);
    const answer = await saveOrder.mutateAsync({ order: [...shownIds] });
    if (answer.type === 'success') setDraft(null);
    setResult(answer);
  };
  const onDelete = async (inverter: Inverter) => {
    setResult(null);
    const answer = await remove.mutateAsync({ id: inverter.id });
    setDeleting(null);
    setResult(answer);
  };

  return (
    <Page
      title={t('inverteradmin.InverterSettings')}
      isLoading={list.isPending}
      error={list.error}
      onReload={reload}
    >
      <ResultAlert result={result} onDismiss={() => setResult(null)} />
      <AddInverterForm inverters={inverters} onResult={setResult} />
      <FormSection title={t('inverteradmin.InverterList')}>
        {shown.length === 0 ? (
          <p className="mb-0 text-body-secondary">{t('inverteradmin.NoInverters')}</p>
        ) : (
          <InverterTable
            inverters={shown}
            onMove={(id, to) =>
              setDraft((current) => moveId(mergeOrder(current, listedIds), id, to))
            }
            onEdit={(inverter) => {
              setLinkDone(true);
              setEditing(inverter);
            }}
            onDelete={setDeleting}
          />
        )}
        <div className="d-flex flex-wrap align-items-center gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!orderChanged || saveOrder.isPending}
            onClick={() => void onSaveOrder()}
          >
            {t('inverteradmin.SaveOrder')}
          </button>
          {orderChanged && (
            <span className="form-text mt-0">{t('inverteradmin.OrderChanged')}</span>
          )}
        </div>
      </FormSection>
      {editorOf && (
        <EditInverterDialog
          key={editorOf.id}
          inverter={editorOf}
          inverters={inverters}
          onClose={closeEditor}
          onSaved={(answer) => {
            closeEditor();
            setResult(answer);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('inverteradmin.DeleteInverter')}
        confirmLabel={t('inverteradmin.Delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void onDelete(deleting)}
      >
        {deleting && t('inverteradmin.DeleteMsg', { name: deleting.name, serial: deleting.serial })}
      </ConfirmDialog>
    </Page>
  );
}
