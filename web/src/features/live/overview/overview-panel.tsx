import { Suspense, useEffect, useMemo, useState } from 'react';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { inverterAgeSeconds } from '@heliodtu/contract/domain/data-age';
import { useT } from '@/lib/i18n/use-t';
import { liveApi } from '../live-api';
import { type LiveInverter } from '../merge-live-update';
import { liveKeyOf } from '@/lib/live-key';
import { useRequest } from '../use-request';
import { DeviceGroupHeader } from './device-group-header';
import { deviceGroups, groupsByDevice, serialCollisions } from './device-groups';
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

const NO_COLLISIONS: ReadonlyMap<string, string[]> = new Map();

interface OverviewPanelProps {
  /** Opens an inverter's tab, by live key. */
  onOpen(liveKey: string): void;
  /** Behind a companion: its devices in the owner's order (issue 27); null elsewhere. */
  devices?: readonly CompanionDevice[] | null | undefined;
}

/**
 * The fleet at a glance (issue 15): one tile per inverter with its strings, sortable; a click
 * on an inverter's name opens its tab. Redrawn at most once a second; a tile re-renders only
 * when its inverter changed, and not while it is off screen (tile-visibility.ts). Behind a
 * companion with several devices the tiles are grouped under each device with its state, and a
 * serial found on two devices is marked on both.
 */
export function OverviewPanel({ onOpen, devices }: OverviewPanelProps) {
  const t = useT();
  const [sort, setSort] = useState<OverviewSort>('name');
  const [visibility] = useState(() => new TileVisibility());
  useEffect(() => () => visibility.disconnect(), [visibility]);
  const { inverters, receivedAt, now, at } = useOverviewSnapshot(visibility);
  const byKey = useMemo(
    () => new Map(inverters.map((inverter) => [liveKeyOf(inverter), inverter])),
    [inverters],
  );
  const keys = sortedSerials(inverters, sort);
  const grouped = groupsByDevice(devices, inverters);
  const deviceIds = grouped ? devices.map((device) => device.id) : null;
  const deviceKey = deviceIds?.join(',') ?? '';
  const collisions = useMemo(
    () =>
      deviceKey === ''
        ? NO_COLLISIONS
        : serialCollisions(
            inverters,
            (id) => devices?.find((device) => device.id === id)?.name ?? id,
          ),
    [inverters, devices, deviceKey],
  );
  // The maximum power is in GET /api/limit/status, not in the live data: asked only while
  // needed, and of each device when there are several.
  const { data: limits } = useRequest(
    () =>
      deviceKey === '' ? liveApi.limitStatus() : liveApi.limitStatusByKey(deviceKey.split(',')),
    inverters.some(limitNotRead),
    MAX_POWER_EVERY_MS,
  );

  const tile = (key: string) => {
    const inverter: LiveInverter | undefined = byKey.get(key);
    const alsoOn = collisions.get(key);
    // Off screen: the moment its figures are of, so its age stands still with them.
    const tileNow = at[key] ?? now;
    return (
      inverter && (
        <li className="col" key={key} ref={visibility.ref(key)}>
          {/* Nothing in a tile suspends: the boundary is for the gateway's render. React
              collects each boundary's markup in a list of its own; one list for the whole
              page outgrew V8's young objects and was promoted at every scavenge, bringing on
              the full GCs behind the slow renders (bench/ssr-render.mjs: renders over 4 ms
              38 → 14 of 2,000). */}
          <Suspense>
            <InverterTile
              inverter={inverter}
              maxPower={limits?.[key]?.max_power}
              ageSeconds={inverterAgeSeconds(inverter, receivedAt[key] ?? tileNow, tileNow)}
              now={tileNow}
              alsoOn={alsoOn?.join(', ')}
              onOpen={onOpen}
            />
          </Suspense>
        </li>
      )
    );
  };
  const tiles = (list: readonly string[]) => (
    <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-lg-3 row-cols-xxl-4 g-2 mb-0">
      {list.map(tile)}
    </ul>
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
      {grouped
        ? deviceGroups(devices, byKey, keys).map((group) => (
            <section
              key={group.id}
              className="mb-3"
              aria-labelledby={`device-group-${group.id}`}
              data-testid={`device-group-${group.id}`}
            >
              <DeviceGroupHeader id={group.id} device={group.device} />
              {group.keys.length > 0 ? (
                tiles(group.keys)
              ) : (
                <p className="small text-body-secondary mb-0">
                  {t('liveoverview.DeviceNoInverters')}
                </p>
              )}
            </section>
          ))
        : tiles(keys)}
    </section>
  );
}
