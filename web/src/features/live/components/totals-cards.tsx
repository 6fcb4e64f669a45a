import { lazy, Suspense } from 'react';
import { useFormat } from '@/lib/format';
import { useHistoryAvailable } from '@/lib/history-support';
import { useT } from '@/lib/i18n/use-t';
import { formatValue } from '../format-value';
import { useLiveStore } from '../live-store';

const TOTALS = [
  ['YieldTotal', 'invertertotalinfo.TotalYieldTotal'],
  ['YieldDay', 'invertertotalinfo.TotalYieldDay'],
  ['Power', 'invertertotalinfo.TotalPower'],
] as const;

// Today's curve under "Power now" when the gateway keeps history (issue 14). Its own chunk, so the
// live view's first load does not grow; left out of the firmware build, whose device has no history.
const PowerSparkline =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazy(() => import('./power-sparkline').then((m) => ({ default: m.PowerSparkline })));

/** The fleet's totals: YieldTotal, YieldDay, Power (spec §2), and today's power curve. */
export function TotalsCards() {
  const t = useT();
  const format = useFormat();
  const total = useLiveStore((state) => state.data?.total);
  const withSparkline = useHistoryAvailable() && PowerSparkline !== null;
  return (
    <div className="row row-cols-1 row-cols-md-3 g-3 mb-3" data-testid="totals">
      {TOTALS.map(([field, label]) => {
        const value = total?.[field];
        return (
          <div className="col" key={field}>
            <section className="card text-center h-100" aria-label={t(label)}>
              <h2 className="card-header text-bg-success fs-6 mb-0">{t(label)}</h2>
              <div className="card-body py-2">
                <p className="card-text fs-3 mb-0" data-testid={`total-${field}`}>
                  {formatValue(format, value)}
                  {value?.u && (
                    <>
                      {' '}
                      <small className="fs-6 text-body-secondary">{value.u}</small>
                    </>
                  )}
                </p>
                {field === 'Power' && withSparkline && PowerSparkline && (
                  <Suspense fallback={<div style={{ height: '2.5rem' }} />}>
                    <PowerSparkline />
                  </Suspense>
                )}
              </div>
            </section>
          </div>
        );
      })}
    </div>
  );
}
