import { lazy, Suspense } from 'react';
import type { ExportControlStatus } from '@heliodtu/contract/export-control';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { wattsText } from '@/lib/power-text';
import { asLine, controlSentence, gridText, targetText } from '../control-sentence';

// uPlot comes with the chart, after the sentence and figures are on screen.
const PowerChart = lazy(() =>
  import('../chart/power-chart').then((m) => ({ default: m.PowerChart })),
);

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="col">
      <dl className="border rounded px-3 py-2 h-100 mb-0">
        <dt className="small text-body-secondary fw-normal">{label}</dt>
        <dd className="mb-0 fs-5" data-testid={testId}>
          {value}
        </dd>
      </dl>
    </div>
  );
}

/** What control does now in one sentence, the figures it works with, and the last 15 minutes. */
export function ControlNow({
  status,
  failed,
}: {
  status: ExportControlStatus | undefined;
  failed: boolean;
}) {
  const t = useT();
  const format = useFormat();
  if (!status) {
    return failed ? (
      <div className="alert alert-warning" role="status">
        {t('powercontrol.StatusFailed')}
      </div>
    ) : null;
  }
  return (
    <section className="mb-4" aria-labelledby="control-now">
      <h2 className="h5" id="control-now">
        {t('powercontrol.Now')}
      </h2>
      <p className="lead fs-6" data-testid="control-sentence">
        {controlSentence(t, format, status)}
      </p>
      <div className="row row-cols-2 row-cols-lg-4 g-2 mb-3">
        <Figure
          label={t('powercontrol.Grid')}
          value={status.grid_w === null ? '–' : asLine(gridText(t, format, status.grid_w))}
          testId="control-grid"
        />
        <Figure
          label={t('powercontrol.Production')}
          value={wattsText(format, status.production_w)}
          testId="control-production"
        />
        <Figure
          label={t('powercontrol.Target')}
          value={
            status.enabled ? asLine(targetText(t, format, status.target_w)) : t('powercontrol.Off')
          }
          testId="control-target"
        />
        <Figure
          label={t('powercontrol.TotalLimit')}
          value={status.limit_w === null ? '–' : wattsText(format, status.limit_w)}
          testId="control-limit"
        />
      </div>
      <Suspense fallback={<div style={{ height: 220 }} />}>
        <PowerChart series={status.series} />
      </Suspense>
    </section>
  );
}
