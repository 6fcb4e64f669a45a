import type { GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { useFormat } from '@/lib/format';
import { useGridMeterStore } from '@/lib/grid-meter-store';
import { useT } from '@/lib/i18n/use-t';
import { ageText, energyText, wattsText } from '@/lib/power-text';

/** Below this the grid is as good as balanced: a meter's noise is not "importing 1 W". */
const BALANCED_W = 1;

function GridNow({ status }: { status: GridMeterStatus }) {
  const t = useT();
  const format = useFormat();
  const power = status.power_w;
  if (power === null) return <>–</>;
  if (Math.abs(power) < BALANCED_W) return <>{t('house.Balanced')}</>;
  const watts = wattsText(format, Math.abs(power));
  return (
    <>
      {power > 0 ? t('house.Importing', { power: watts }) : t('house.Exporting', { power: watts })}
    </>
  );
}

/** Why the meter gives no usable reading, in plain words, with the age of its last one. */
export function MeterProblem({ status }: { status: GridMeterStatus }) {
  const t = useT();
  const format = useFormat();
  if (status.state === 'ok' || status.state === 'off') return null;
  const age = status.age_ms === null ? null : ageText(format, status.age_ms);
  const text = {
    waiting: t('house.StateWaiting'),
    stale: t('house.StateStale'),
    unreachable: t('house.StateUnreachable'),
    no_path: t('house.StateNoPath'),
    implausible: t('house.StateImplausible'),
  }[status.state];
  return (
    <div
      className={`alert ${status.state === 'waiting' ? 'alert-info' : 'alert-warning'} small mb-0 mt-2 text-start`}
      role="status"
      data-testid="meter-problem"
    >
      {text} {age === null ? t('house.NoReadingYet') : t('house.LastReading', { age })}
    </div>
  );
}

/**
 * The house's energy flow on the live view (issue 35), shown while a meter is set: grid import or
 * export now, the house's consumption, today's self-consumption share and energy, and the
 * meter's state when it gives no usable reading. Its own chunk, loaded after the first data.
 */
export function HouseCard() {
  const t = useT();
  const format = useFormat();
  const status = useGridMeterStore((state) => state.status);
  if (!status || status.source === 'none') return null;
  const today = status.today;
  return (
    <section className="card mb-3" aria-labelledby="house-card-title" data-testid="house-card">
      <h2 className="card-header text-bg-success fs-6 mb-0 text-center" id="house-card-title">
        {t('house.Title')}
      </h2>
      <div className="card-body py-2">
        <div className="row row-cols-1 row-cols-md-3 g-2 text-center">
          <dl className="col mb-0">
            <dt className="small fw-normal text-body-secondary">{t('house.GridNow')}</dt>
            <dd className="fs-5 mb-0" data-testid="house-grid">
              <GridNow status={status} />
            </dd>
          </dl>
          <dl className="col mb-0">
            <dt className="small fw-normal text-body-secondary">{t('house.Consumption')}</dt>
            <dd className="fs-5 mb-0" data-testid="house-consumption">
              {status.consumption_w === null
                ? '–'
                : wattsText(format, Math.max(0, status.consumption_w))}
            </dd>
          </dl>
          <dl className="col mb-0">
            <dt className="small fw-normal text-body-secondary">{t('house.SelfConsumption')}</dt>
            <dd className="mb-0" data-testid="house-today">
              <span className="fs-5">
                {today?.self_consumption_pct === null || today === null
                  ? '–'
                  : format.percent(today.self_consumption_pct / 100)}
              </span>
              {today && (
                <small className="d-block text-body-secondary">
                  {t('house.TodayFlow', {
                    imported: energyText(format, today.import_wh),
                    exported: energyText(format, today.export_wh),
                  })}
                </small>
              )}
              {today?.counted_from != null && (
                // A meter set during the day: the figures cover only the time since.
                <small className="d-block text-body-secondary" data-testid="house-today-partial">
                  {t('house.TodayPartial', {
                    age: ageText(format, Math.max(0, status.now - today.counted_from)),
                  })}
                </small>
              )}
            </dd>
          </dl>
        </div>
        <MeterProblem status={status} />
      </div>
    </section>
  );
}
