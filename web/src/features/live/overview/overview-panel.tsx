import { useEffect, useMemo, useState } from 'react';
import { inverterAgeSeconds } from '@heliodtu/contract/domain/data-age';
import { useT } from '@/lib/i18n/use-t';
import { liveApi } from '../live-api';
import { useRequest } from '../use-request';
import { InverterTile } from './inverter-tile';
import { limitNotRead } from './limit-bar';
import { OVERVIEW_SORTS, sortedSerials, type OverviewSort } from './overview-sort';
import { TileVisibility } from './tile-visibility';
import { useOverviewSnapshot } from './use-overview-snapshot';
import './live-overview.scss';

/** While a limit is not read, the maximum powers are asked again this often (a failed answer too). */
const MAX_POWER_EVERY_MS = 30_000;

const SORT_LABEL = {
  name: 'liveoverview.SortName',
  power: 'liveoverview.SortPower',
  yield: 'liveoverview.SortYield',
} as const;

/**
 * The fleet at a glance (issue 15): one tile per inverter with its strings, sortable; a click
 * on an inverter's name opens its tab. Redrawn at most once a second; a tile re-renders only
 * when its inverter changed, and not while it is off screen (tile-visibility.ts).
 */
export function OverviewPanel({ onOpen }: { onOpen(serial: string): void }) {
  const t = useT();
  const [sort, setSort] = useState<OverviewSort>('name');
  const [visibility] = useState(() => new TileVisibility());
  useEffect(() => () => visibility.disconnect(), [visibility]);
  const { inverters, receivedAt, now, at } = useOverviewSnapshot(visibility);
  const bySerial = useMemo(
    () => new Map(inverters.map((inverter) => [inverter.serial, inverter])),
    [inverters],
  );
  const serials = sortedSerials(inverters, sort);
  // The maximum power is in GET /api/limit/status, not in the live data: asked only while needed.
  const { data: limits } = useRequest(
    liveApi.limitStatus,
    inverters.some(limitNotRead),
    MAX_POWER_EVERY_MS,
  );

  return (
    <section aria-label={t('home.Overview')} data-testid="overview">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span id="overview-sort" className="small text-body-secondary">
          {t('liveoverview.SortBy')}
        </span>
        <div className="btn-group btn-group-sm" role="group" aria-labelledby="overview-sort">
          {OVERVIEW_SORTS.map((option) => (
            <button
              key={option}
              type="button"
              className={`btn ${sort === option ? 'btn-secondary' : 'btn-outline-secondary'}`}
              aria-pressed={sort === option}
              onClick={() => setSort(option)}
            >
              {t(SORT_LABEL[option])}
            </button>
          ))}
        </div>
      </div>
      <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-lg-3 row-cols-xxl-4 g-2 mb-0">
        {serials.map((serial) => {
          const inverter = bySerial.get(serial);
          // Off screen: the moment its figures are of, so its age stands still with them.
          const tileNow = at[serial] ?? now;
          return (
            inverter && (
              <li className="col" key={serial} ref={visibility.ref(serial)}>
                <InverterTile
                  inverter={inverter}
                  maxPower={limits?.[serial]?.max_power}
                  ageSeconds={inverterAgeSeconds(inverter, receivedAt[serial] ?? tileNow, tileNow)}
                  now={tileNow}
                  onOpen={onOpen}
                />
              </li>
            )
          );
        })}
      </ul>
    </section>
  );
}
