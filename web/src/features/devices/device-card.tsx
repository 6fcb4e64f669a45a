import { useEffect, useRef } from 'react';
import upIcon from 'bootstrap-icons/icons/arrow-up.svg?raw';
import downIcon from 'bootstrap-icons/icons/arrow-down.svg?raw';
import type { CompanionDevice, DeviceEntry } from '@heliodtu/contract/companion';
import { Icon } from '@/components/ui/icon';
import { deviceProblemText } from '@/lib/device-problem-text';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { brokerOf, sourceOf } from './device-reach';

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

/** Over HTTP, or through which broker and under which base topic (never a login). */
function DeviceReach({ entry }: { entry: DeviceEntry }) {
  const t = useT();
  const broker = sourceOf(entry) === 'mqtt' ? brokerOf(entry.url) : null;
  if (sourceOf(entry) === 'http') return <>{t('devices.SourceHttp')}</>;
  if (!broker) return <>{t('devices.SourceMqttUnknown')}</>;
  return (
    <>
      {t(broker.tls ? 'devices.SourceMqttTls' : 'devices.SourceMqtt', {
        broker: broker.broker,
        topic: broker.topic,
      })}
    </>
  );
}

const MARKED_STYLE = { boxShadow: 'inset 0.3rem 0 0 var(--bs-primary)' } as const;

interface DeviceCardProps {
  entry: DeviceEntry;
  state: CompanionDevice | undefined;
  /** DTU_AWAY_S: the away time of a device on a broker without its own; null when unset. */
  sharedAwaySeconds: number | null;
  /** The device a link named (`?dtu=`, e.g. from one of its alerts): marked and brought into view. */
  marked: boolean;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove(step: -1 | 1): void;
  onEdit(): void;
  onRemove(): void;
}

export function DeviceCard({
  entry,
  state,
  sharedAwaySeconds,
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
        <dt className="col-5 col-md-3 fw-normal text-body-secondary">{t('devices.Reached')}</dt>
        <dd className="col-7 col-md-9 mb-1 text-break" data-testid="device-source">
          <DeviceReach entry={entry} />
        </dd>
        {sourceOf(entry) === 'mqtt' && (
          <>
            <dt className="col-5 col-md-3 fw-normal text-body-secondary">
              {t('devices.AwayAfter')}
            </dt>
            <dd className="col-7 col-md-9 mb-1" data-testid="device-away">
              {entry.away_s != null
                ? t('devices.AwaySeconds', { seconds: entry.away_s })
                : sharedAwaySeconds !== null
                  ? t('devices.AwayShared', { seconds: sharedAwaySeconds })
                  : t('devices.AwayAuto')}
            </dd>
          </>
        )}
        <dt className="col-5 col-md-3 fw-normal text-body-secondary">{t('devices.State')}</dt>
        <dd className="col-7 col-md-9 mb-1">
          <DeviceState state={state} />
        </dd>
        <dt className="col-5 col-md-3 fw-normal text-body-secondary">{t('devices.Firmware')}</dt>
        {/* An MQTT device publishes no firmware: an empty one is unknown too. */}
        <dd className="col-7 col-md-9 mb-1">{state?.git_hash || '–'}</dd>
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
