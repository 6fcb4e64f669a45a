import type { HistoryDay } from '@heliodtu/contract/history';
import { HISTORY_PATHS } from '@heliodtu/contract/domain/history-paths';
import { apiGet } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useRequest } from '../use-request';

/** A new 5-minute bucket at most every 5 minutes: no need to ask more often (nor per socket message). */
export const SPARKLINE_REFRESH_MS = 5 * 60_000;
const WIDTH = 288;
const HEIGHT = 40;

const loadToday = () => apiGet<HistoryDay>(HISTORY_PATHS.day, { silent: true });

/** The polyline runs of today's fleet total: one per stretch without missing buckets. */
export function sparklineRuns(day: HistoryDay): string[] {
  const span = Math.max(day.end - day.start, 1);
  const step = day.bucket_minutes * 60;
  const max = Math.max(1, ...day.total.points.map(([, avg]) => avg));
  const runs: string[][] = [];
  let last = -Infinity;
  for (const [t, avg] of day.total.points) {
    if (t - last > step) runs.push([]);
    last = t;
    const x = (((t - day.start + step / 2) / span) * WIDTH).toFixed(1);
    const y = (HEIGHT - (avg / max) * (HEIGHT - 2) - 1).toFixed(1);
    runs.at(-1)?.push(`${x},${y}`);
  }
  // A lone point of a run is drawn as a short flat line so it stays visible.
  return runs.map((run) => (run.length === 1 ? `${run[0]} ${run[0]}` : run.join(' ')));
}

/**
 * Today's power curve under the "Power now" total, from the history API (no chart library).
 * Only mounted when the gateway has history; refreshed every few minutes.
 */
export function PowerSparkline() {
  const t = useT();
  const format = useFormat();
  const { data } = useRequest(loadToday, true, SPARKLINE_REFRESH_MS);
  if (!data) return <div style={{ height: '2.5rem' }} />;
  const label = data.total.peak_local
    ? t('invertertotalinfo.PowerTodaySummary', {
        peak: `${format.decimalNoDigits(data.total.peak_w)} W`,
        time: data.total.peak_local,
      })
    : t('invertertotalinfo.PowerTodayEmpty');
  return (
    <svg
      className="d-block w-100 text-success"
      style={{ height: '2.5rem' }}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="power-sparkline"
      data-points={data.total.points.length}
    >
      <title>{label}</title>
      <line
        x1="0"
        x2={WIDTH}
        y1={HEIGHT - 0.5}
        y2={HEIGHT - 0.5}
        stroke="currentColor"
        strokeOpacity="0.3"
        vectorEffect="non-scaling-stroke"
      />
      {sparklineRuns(data).map((points) => (
        <polyline
          key={points.slice(0, 12)}
          points={points}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
