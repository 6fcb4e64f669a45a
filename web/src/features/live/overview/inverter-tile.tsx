import { memo, useId } from 'react';
import { Link } from 'wouter';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { withScreenDevice } from '@/lib/device-scope';
import { PATHS } from '@/lib/paths';
import { dataAgeDisplay } from '@heliodtu/contract/domain/data-age';
import { formatValueWithUnit } from '../format-value';
import { inverterStateOf, type InverterState } from '../inverter-state';
import { type LiveInverter } from '../merge-live-update';
import { liveKeyOf } from '@/lib/live-key';
import { AlertMark } from '../components/alert-mark';
import { limitBar, type LimitBar } from './limit-bar';
import { StringRows } from './string-rows';

// Spec §4 header colours as a dot; literal classes for PurgeCSS.
const DOT_CLASS: Record<InverterState, string> = {
  disabled: 'bg-secondary',
  unreachable: 'bg-danger',
  idle: 'bg-warning',
  producing: 'bg-primary',
};
const STATE_LABEL = {
  disabled: 'liveoverview.StateDisabled',
  unreachable: 'liveoverview.StateUnreachable',
  idle: 'liveoverview.StateIdle',
  producing: 'liveoverview.StateProducing',
} as const;

/** The bar's words: what it shows of what, or why it shows nothing. */
function useLimitBarText(bar: LimitBar): string {
  const t = useT();
  const format = useFormat();
  if (bar.kind === 'unknown') return t('liveoverview.LimitUnknown');
  if (bar.kind === 'notRead') return t('liveoverview.LimitNotRead');
  const percent = format.decimalNoDigits(Math.round(bar.share * 100));
  const watts = format.decimalNoDigits(bar.watts);
  return bar.kind === 'limit'
    ? t('liveoverview.ShareOfLimit', { percent, limit: watts })
    : t('liveoverview.ShareOfMax', { percent, max: watts });
}

/** One inverter in the overview: state, AC power, share of its limit, today's yield, age, strings. */
export const InverterTile = memo(function InverterTile({
  inverter,
  maxPower,
  ageSeconds,
  now,
  alsoOn,
  onOpen,
}: {
  inverter: LiveInverter;
  /** Its maximum power (W) from GET /api/limit/status, asked only while its limit is not read. */
  maxPower: number | undefined;
  /** Seconds since its last data (the overview's once-a-second snapshot). */
  ageSeconds: number;
  /** When that snapshot was taken (ms). */
  now: number;
  /** Names of the other devices with an inverter of the same serial (issue 27): warned about. */
  alsoOn?: string | undefined;
  /** Opens the inverter's tab, by live key. */
  onOpen(liveKey: string): void;
}) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  const serial = inverter.serial;
  const liveKey = liveKeyOf(inverter);
  const state = inverterStateOf(inverter);
  const bar = limitBar(inverter, maxPower);
  const barText = useLimitBarText(bar);
  // Until the limit is read the bar shows the share of the maximum power: said in words.
  const notRead = bar.kind === 'max' || bar.kind === 'notRead';
  const age = dataAgeDisplay(ageSeconds, now);
  const ageText =
    age.kind === 'seconds'
      ? t('home.Seconds', { val: format.decimalNoDigits(age.seconds) }, age.seconds)
      : t('home.DataAgeSince', { time: format.datetime(age.timestampMs) });
  const missingWp =
    inverter.DC !== undefined &&
    Object.values(inverter.DC).some((channel) => channel.Irradiation === undefined);

  return (
    <article className="card h-100" aria-labelledby={titleId} data-state={state}>
      <div className="card-body p-2">
        <div className="d-flex align-items-center gap-2">
          <span
            className={`overview-dot flex-shrink-0 ${DOT_CLASS[state]}`}
            role="img"
            aria-label={t(STATE_LABEL[state])}
          />
          <h3 className="fs-6 mb-0 overview-tile-name" id={titleId}>
            <button
              type="button"
              className="btn btn-link p-0 fw-semibold text-start text-decoration-none"
              onClick={() => onOpen(liveKey)}
            >
              {inverter.name}
            </button>
          </h3>
          <AlertMark serial={serial} />
          <span className="ms-auto fw-semibold text-nowrap" data-testid="tile-power">
            {formatValueWithUnit(format, inverter.AC?.['0']?.Power)}
          </span>
        </div>
        <div
          className="overview-bar my-1"
          {...(notRead ? { 'aria-hidden': true } : { role: 'img', 'aria-label': barText })}
          title={barText}
          data-testid="tile-limit-share"
        >
          {(bar.kind === 'limit' || bar.kind === 'max') && (
            <div
              className={`overview-bar-fill${bar.kind === 'max' ? ' overview-bar-fill-max' : ''}`}
              style={{ transform: `scaleX(${bar.share})` }}
            />
          )}
        </div>
        {notRead && (
          <p
            className="small mb-1 text-body-secondary"
            title={t('liveoverview.LimitReadAfterStart')}
            data-testid="tile-limit-not-read"
          >
            {barText}
          </p>
        )}
        <div className="d-flex flex-wrap column-gap-2 small text-body-secondary">
          <span data-testid="tile-yield">
            {`${t('liveoverview.Today')} ${formatValueWithUnit(format, inverter.INV?.['0']?.YieldDay)}`}
          </span>
          <span className="ms-auto">{`${t('liveoverview.Age')} ${ageText}`}</span>
        </div>
        {alsoOn && (
          <p className="small mb-1 text-warning-emphasis" role="note" data-testid="tile-collision">
            <Icon svg={warningIcon} className="me-1" />
            {t('liveoverview.AlsoOn', { devices: alsoOn })}
          </p>
        )}
        {inverter.DC && <StringRows liveKey={liveKey} dc={inverter.DC} />}
        {missingWp && (
          <p className="small mb-0 mt-1">
            <Link
              href={withScreenDevice(
                `${PATHS.inverterSettings}?edit=${serial}`,
                inverter.dtu ?? null,
              )}
            >
              {t('liveoverview.SetWpHint')}
            </Link>
          </p>
        )}
      </div>
    </article>
  );
});
