import type { GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { ageText, wattsText } from '@/lib/power-text';
import { useReadMeterNow } from '../api/power-control-api';
import { asLine, gridText } from '../control-sentence';

const STATE_KEYS = {
  off: 'powercontrol.MeterOff',
  waiting: 'house.StateWaiting',
  ok: 'powercontrol.MeterOk',
  stale: 'house.StateStale',
  unreachable: 'house.StateUnreachable',
  no_path: 'house.StateNoPath',
  implausible: 'house.StateImplausible',
} as const;

/** The meter's reading now and its age, its state in words, and "Read the meter now" (admin). */
export function MeterNow({
  status,
  canRead,
}: {
  status: GridMeterStatus | undefined;
  canRead: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const read = useReadMeterNow();
  // The answer of "read now" until the next poll brings a newer one.
  const shown = read.data && status && read.data.now >= status.now ? read.data : status;
  return (
    <section className="mb-4" aria-labelledby="meter-now">
      <h2 className="h5" id="meter-now">
        {t('powercontrol.Meter')}
      </h2>
      {shown && (
        <p className="mb-2" data-testid="meter-now">
          <span className="fs-5 me-2">
            {shown.power_w === null ? '–' : asLine(gridText(t, format, shown.power_w))}
          </span>
          {shown.age_ms !== null && (
            <span className="text-body-secondary me-2">
              {t('house.LastReading', { age: ageText(format, shown.age_ms) })}
            </span>
          )}
          <span className={shown.state === 'ok' ? 'text-body-secondary' : 'text-warning-emphasis'}>
            {t(STATE_KEYS[shown.state])}
          </span>
          {shown.phases_w.length > 1 && (
            <span className="d-block small text-body-secondary">
              {t('powercontrol.Phases', {
                phases: shown.phases_w.map((watts) => wattsText(format, watts)).join(' · '),
              })}
            </span>
          )}
        </p>
      )}
      {canRead && shown && shown.source !== 'none' && (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={read.isPending}
          onClick={() => read.mutate()}
        >
          {read.isPending && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {t('powercontrol.ReadNow')}
        </button>
      )}
      {read.isError && (
        <p className="text-danger-emphasis small mt-2" role="alert">
          {t('powercontrol.ReadFailed')}
        </p>
      )}
    </section>
  );
}
