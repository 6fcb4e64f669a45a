import { useState } from 'react';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { ResultAlert } from '@/components/ui/result-alert';
import { useNow } from '@/hooks/use-now';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { useNtpTime, useSetNtpTime } from './api/ntp-time';
import { formatDeviceTime } from './device-time';
import { browserTimeParts, wallTimeOf } from './ntp-form';

const browserFormats = new Map<string, Intl.DateTimeFormat>();

/** This browser's time in its own zone, written like the device time (24-hour, spec §9). */
function formatBrowserTime(time: number, locale: string): string {
  let format = browserFormats.get(locale);
  if (!format) {
    const tag = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
    format = new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    browserFormats.set(locale, format);
  }
  return format.format(time);
}

/** The device clock, ticking on from the answer with the shared 1-second clock (spec §4). */
function DeviceClock({ now }: { now: number }) {
  const t = useT();
  const locale = useLocale();
  const query = useNtpTime();
  if (query.isError) {
    const reason = query.error instanceof Error ? query.error.message : String(query.error);
    return <span className="text-danger">{t('base.LoadFailed', { reason })}</span>;
  }
  // A placeholder of one line keeps the card from jumping when the answer comes.
  if (!query.data) return <span aria-hidden="true">…</span>;
  const elapsed = Math.max(0, Math.floor((now - query.dataUpdatedAt) / 1000));
  return (
    <>
      <span data-testid="device-time">
        {formatDeviceTime(wallTimeOf(query.data) + elapsed * 1000, locale)}
      </span>
      {!query.data.ntp_status && (
        <span className="badge text-bg-warning ms-2">{t('ntpadmin.NotSynced')}</span>
      )}
    </>
  );
}

/**
 * Manual time synchronisation (spec §2, §4): both clocks tick every second; Synchronize sends
 * the browser's local time, shows the gateway's answer and then asks for the device time again.
 */
export function TimeSyncCard() {
  const t = useT();
  const locale = useLocale();
  const now = useNow();
  const setTime = useSetNtpTime();
  const [result, setResult] = useState<ApiResult | null>(null);

  const synchronize = async () => {
    setResult(null);
    // The moment of the click, not the last tick: the device should get the time to the second.
    setResult(await setTime.mutateAsync(browserTimeParts(new Date())));
  };

  return (
    <section className="card mb-3">
      <h2 className="card-header h6 mb-0 py-2">{t('ntpadmin.ManualTimeSynchronization')}</h2>
      <div className="card-body">
        <ResultAlert result={result} onDismiss={() => setResult(null)} />
        <dl className="row mb-3">
          <dt className="col-sm-4 col-lg-3 fw-normal">{t('ntpadmin.CurrentOpenDtuTime')}</dt>
          <dd className="col-sm-8 col-lg-9">
            <DeviceClock now={now} />
          </dd>
          <dt className="col-sm-4 col-lg-3 fw-normal">{t('ntpadmin.CurrentLocalTime')}</dt>
          <dd className="col-sm-8 col-lg-9 mb-0" data-testid="browser-time">
            {formatBrowserTime(now, locale)}
          </dd>
        </dl>
        <button
          type="button"
          className="btn btn-danger"
          disabled={setTime.isPending}
          onClick={() => void synchronize()}
        >
          {setTime.isPending && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {t('ntpadmin.SynchronizeTime')}
        </button>
        <p className="form-text mb-0 mt-2">{t('ntpadmin.SynchronizeTimeHint')}</p>
      </div>
    </section>
  );
}
