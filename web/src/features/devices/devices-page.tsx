import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import upIcon from 'bootstrap-icons/icons/arrow-up.svg?raw';
import downIcon from 'bootstrap-icons/icons/arrow-down.svg?raw';
import type { CompanionDevice, DeviceEntry } from '@heliodtu/contract/companion';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { FormSection } from '@/components/form/form-section';
import { Page } from '@/components/layout/page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icon';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ResultAlert } from '@/components/ui/result-alert';
import { useCompanionDevices } from '@/lib/companion-status';
import { deviceProblemText } from '@/lib/device-problem-text';
import { deviceOfSearch } from '@/lib/device-scope';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { DeviceForm, EMPTY_DEVICE, type DeviceFormValues } from './device-form';
import { useDeviceAction, useDeviceList } from './devices-api';

/** The companion's status of each device is asked this often while the screen is open. */
const STATE_POLL_MS = 5000;

/** One device's connection in words: connected since, away since, or its problem. */
function DeviceState({ state }: { state: CompanionDevice | undefined }) {
  const t = useT();
  const fmt = useFormat();
  if (!state) return <span className="text-body-secondary">{t('devices.StateUnknown')}</span>;
  const ok = state.reachable && !state.problem;
  return (
    <div data-testid="device-state">
      <span className={`badge text-bg-${ok ? 'success' : 'danger'} text-wrap text-start`}>
        {state.reachable
          ? state.connected_since === null
            ? t('devices.Connected')
            : t('devices.ConnectedSince', { since: fmt.datetime(state.connected_since * 1000) })
          : state.unreachable_since === null
            ? t('devices.NotConnected')
            : t('devices.AwaySince', { since: fmt.datetime(state.unreachable_since * 1000) })}
      </span>
      {state.problem && (
        <div className="small text-danger mt-1" data-testid="device-problem">
          {deviceProblemText(state.problem)}
        </div>
      )}
    </div>
  );
}

const MARKED_STYLE = { boxShadow: 'inset 0.3rem 0 0 var(--bs-primary)' } as const;

interface DeviceCardProps {
  entry: DeviceEntry;
  state: CompanionDevice | undefined;
  /** The device a link named (`?dtu=`, e.g. from one of its alerts): marked and brought into view. */
  marked: boolean;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove(step: -1 | 1): void;
  onEdit(): void;
  onRemove(): void;
}

function DeviceCard({
  entry,
  state,
  marked,
  first,
  last,
  busy,
  onMove,
  onEdit,
  onRemove,
}: DeviceCardProps) {
  const t = useT();
  const fromEnv = entry.origin === 'env';
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Optional call: jsdom has no scrolling.
    if (marked) item.current?.scrollIntoView?.({ block: 'center' });
  }, [marked]);
  return (
    <li
      ref={item}
      className="list-group-item"
      data-testid={`device-${entry.id}`}
      // A bar in the theme's primary colour down its left edge: a tinted background would take
      // the contrast of its outline buttons below 4.5:1.
      {...(marked ? { 'aria-current': 'true' as const, style: MARKED_STYLE } : {})}
    >
      <div className="d-flex flex-wrap align-items-start gap-2">
        <div className="me-auto" style={{ minWidth: 0 }}>
          <div className="fw-semibold">{entry.name}</div>
          <div className="small text-body-secondary text-break">{entry.url}</div>
        </div>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('devices.Order')}>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={first || busy}
            onClick={() => onMove(-1)}
            title={t('devices.MoveUp', { name: entry.name })}
          >
            <Icon svg={upIcon} />
            <span className="visually-hidden">{t('devices.MoveUp', { name: entry.name })}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={last || busy}
            onClick={() => onMove(1)}
            title={t('devices.MoveDown', { name: entry.name })}
          >
            <Icon svg={downIcon} />
            <span className="visually-hidden">{t('devices.MoveDown', { name: entry.name })}</span>
          </button>
        </div>
      </div>
      <dl className="row small mt-2 mb-0">
        <dt className="col-5 col-md-3 fw-normal text-body-secondary">{t('devices.State')}</dt>
        <dd className="col-7 col-md-9 mb-1">
          <DeviceState state={state} />
        </dd>
        <dt className="col-5 col-md-3 fw-normal text-body-secondary">{t('devices.Firmware')}</dt>
        <dd className="col-7 col-md-9 mb-1">{state?.git_hash ?? '–'}</dd>
        <dt className="col-5 col-md-3 fw-normal text-body-secondary">{t('devices.Inverters')}</dt>
        <dd className="col-7 col-md-9 mb-1">{state?.inverter_count ?? '–'}</dd>
      </dl>
      {fromEnv ? (
        <p className="small text-body-secondary mb-0 mt-1" data-testid="env-note">
          {t('devices.FromEnv')}
        </p>
      ) : (
        <div className="d-flex gap-2 mt-2">
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={onEdit}>
            {t('devices.Edit')}
          </button>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRemove}>
            {t('devices.Remove')}
          </button>
        </div>
      )}
    </li>
  );
}

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
    const answer = await add.mutateAsync(values);
    if (answer.type === 'success') setResult(answer);
    return answer;
  };
  const onEdit = async (entry: DeviceEntry, values: DeviceFormValues) => {
    const answer = await edit.mutateAsync({ ...values, id: entry.id });
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
            initial={{ name: editing.name, url: editing.url, user: editing.user, password: '' }}
            editing
            submitLabel={t('base.Save')}
            busy={edit.isPending}
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
