import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { formatValue } from '../format-value';
import { useLiveStore } from '../live-store';

const TOTALS = [
  ['YieldTotal', 'invertertotalinfo.TotalYieldTotal'],
  ['YieldDay', 'invertertotalinfo.TotalYieldDay'],
  ['Power', 'invertertotalinfo.TotalPower'],
] as const;

/** The fleet's totals: YieldTotal, YieldDay, Power (spec §2). */
export function TotalsCards() {
  const t = useT();
  const format = useFormat();
  const total = useLiveStore((state) => state.data?.total);
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
              </div>
            </section>
          </div>
        );
      })}
    </div>
  );
}
