import { useCallback, useEffect, useState } from 'react';
import { Page } from '@/components/layout/page';
import { apiGet } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

// Placeholder until the live-view work lands: the page title and the totals only.
interface ValueObject {
  v: number;
  u: string;
  d: number;
}
interface LiveTotals {
  total?: { YieldTotal?: ValueObject; YieldDay?: ValueObject; Power?: ValueObject };
}

const TOTALS = [
  ['YieldTotal', 'invertertotalinfo.TotalYieldTotal'],
  ['YieldDay', 'invertertotalinfo.TotalYieldDay'],
  ['Power', 'invertertotalinfo.TotalPower'],
] as const;

/** The live view (spec §2): here only its title and the totals cards. */
export function LivePage() {
  const t = useT();
  const format = useFormat();
  const [data, setData] = useState<LiveTotals | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    () =>
      apiGet<LiveTotals>('api/livedata/status', { silent: true })
        .then(setData, () => setData(null))
        .finally(() => setLoading(false)),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Page title={t('home.LiveData')} isLoading={loading} onReload={load}>
      <div className="row row-cols-1 row-cols-md-3 g-3" data-testid="totals">
        {TOTALS.map(([field, label]) => {
          const value = data?.total?.[field];
          return (
            <div className="col" key={field}>
              <div className="card text-center h-100">
                <div className="card-header text-bg-success">{t(label)}</div>
                <div className="card-body">
                  <p className="card-text fs-2 mb-0">
                    {value ? `${format.decimal(value.v, value.d)} ${value.u}` : '–'}
                  </p>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </Page>
  );
}
