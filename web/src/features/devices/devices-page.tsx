import { useState } from 'react';
import { useSearch } from 'wouter';
import type { DeviceEntry } from '@heliodtu/contract/companion';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { FormSection } from '@/components/form/form-section';
import { Page } from '@/components/layout/page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ResultAlert } from '@/components/ui/result-alert';
import { useCompanionDevices } from '@/lib/companion-status';
import { deviceOfSearch } from '@/lib/device-scope';
import { useT } from '@/lib/i18n/use-t';
import { DeviceCard } from './device-card';
import { DeviceForm, EMPTY_DEVICE, type DeviceFormValues } from './device-form';
import { deviceRequestOf } from './device-reach';
import { useDeviceAction, useDeviceList } from './devices-api';

/** The companion's status of each device is asked this often while the screen is open. */
const STATE_POLL_MS = 5000;

/**
 * The devices behind this companion (issue 27, admin): each one's state, add with a connection
 * test first, edit (the password write-only), reorder, remove (its history stays). Devices from
 * DTU_URL are shown but changed there.
 */
export function DevicesPage() {
  const t = useT();
  const list = useDeviceList();
  const { devices: states } = useCompanionDevices(STATE_POLL_MS);
  const add = useDeviceAction('add');
  const edit = useDeviceAction('edit');
  const order = useDeviceAction('order');
  const remove = useDeviceAction('del');
  const [result, setResult] = useState<ApiResult | null>(null);
  const [editing, setEditing] = useState<DeviceEntry | null>(null);
  const [removing, setRemoving] = useState<DeviceEntry | null>(null);
  const entries = list.data?.devices ?? [];
  const sharedAwaySeconds = list.data?.shared_away_s ?? null;
  const stateOf = (id: string) => states?.find((device) => device.id === id);
  const marked = deviceOfSearch(useSearch());

  const move = async (index: number, step: -1 | 1) => {
    const ids = entries.map((entry) => entry.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + step, 0, moved);
    setResult(null);
    setResult(await order.mutateAsync({ order: ids }));
  };
  const onRemove = async (entry: DeviceEntry) => {
    setResult(null);
    const answer = await remove.mutateAsync({ id: entry.id });
    setRemoving(null);
    setResult(answer);
  };
  const onAdd = async (values: DeviceFormValues) => {
    const answer = await add.mutateAsync(deviceRequestOf(values));
    if (answer.type === 'success') setResult(answer);
    return answer;
  };
  const onEdit = async (entry: DeviceEntry, values: DeviceFormValues) => {
    const answer = await edit.mutateAsync({ ...deviceRequestOf(values), id: entry.id });
    if (answer.type === 'success') {
      setEditing(null);
      setResult(answer);
    }
    return answer;
  };

  return (
    <Page
      title={t('devices.Title')}
      isLoading={list.isPending}
      error={list.error}
      onReload={() => list.refetch()}
    >
      <ResultAlert result={result} onDismiss={() => setResult(null)} />
      <FormSection title={t('devices.ListTitle')}>
        {entries.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('devices.None')}</p>
        ) : (
          <ul className="list-group" data-testid="device-list">
            {entries.map((entry, index) => (
              <DeviceCard
                key={entry.id}
                entry={entry}
                state={stateOf(entry.id)}
                sharedAwaySeconds={sharedAwaySeconds}
                marked={entry.id === marked}
                first={index === 0}
                last={index === entries.length - 1}
                busy={order.isPending}
                onMove={(step) => void move(index, step)}
                onEdit={() => setEditing(entry)}
                onRemove={() => setRemoving(entry)}
              />
            ))}
          </ul>
        )}
      </FormSection>
      <FormSection title={t('devices.AddTitle')}>
        <DeviceForm
          initial={EMPTY_DEVICE}
          editing={false}
          submitLabel={t('devices.Add')}
          busy={add.isPending}
          sharedAwaySeconds={sharedAwaySeconds}
          onSubmit={onAdd}
        />
      </FormSection>
      {editing && (
        <ModalDialog
          open
          staticBackdrop
          title={t('devices.EditTitle', { name: editing.name })}
          onClose={() => setEditing(null)}
        >
          <DeviceForm
            initial={{
              name: editing.name,
              url: editing.url,
              user: editing.user,
              password: '',
              away: editing.away_s == null ? '' : String(editing.away_s),
            }}
            editing
            submitLabel={t('base.Save')}
            busy={edit.isPending}
            sharedAwaySeconds={sharedAwaySeconds}
            onSubmit={(values) => onEdit(editing, values)}
            onCancel={() => setEditing(null)}
          />
        </ModalDialog>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('devices.RemoveTitle')}
        confirmLabel={t('devices.Remove')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void onRemove(removing)}
      >
        {removing && t('devices.RemoveConfirm', { name: removing.name })}
      </ConfirmDialog>
    </Page>
  );
}
