export interface Stat {
  label: string;
  value: string;
  detail?: string;
}

// Whole class names: the build keeps only the Bootstrap classes it finds written out.
const WIDE_COLUMNS: Record<number, string> = {
  4: 'row-cols-lg-4',
  5: 'row-cols-lg-5',
  6: 'row-cols-lg-6',
};

/** The period's key figures (yield, best period, peak and its time) above the chart. */
export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    // Four to a row on a wide screen; five or six (the house's flow) all on one row.
    <div
      className={`row row-cols-2 ${WIDE_COLUMNS[Math.min(6, Math.max(4, stats.length))]} g-2 mb-3`}
    >
      {stats.map((stat) => (
        <div className="col" key={stat.label}>
          <dl className="border rounded px-3 py-2 h-100 mb-0">
            <dt className="small text-body-secondary fw-normal">{stat.label}</dt>
            <dd className="mb-0" data-testid={`stat-${stat.label}`}>
              {/* Smaller on a phone, so "1,571.75 kWh" stays on one line in half the width. */}
              <span className="text-nowrap" style={{ fontSize: 'clamp(1rem, 4.5vw, 1.25rem)' }}>
                {stat.value}
              </span>
              {stat.detail && (
                <small className="d-block fs-6 text-body-secondary">{stat.detail}</small>
              )}
            </dd>
          </dl>
        </div>
      ))}
    </div>
  );
}
