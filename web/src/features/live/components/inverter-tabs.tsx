import { useId, type KeyboardEvent } from 'react';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import gridIcon from 'bootstrap-icons/icons/grid-3x3-gap-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import { liveActions, OVERVIEW, selectSerialKey, useLiveStore } from '../live-store';
// Part of the live view's first load (about 3 kB gz), its texts in the English core: as the
// default tab it would otherwise show only after its chunk and the rest of the catalogue, two
// round trips after the entry (bench/first-live.mjs, overview time).
import { OverviewPanel } from '../overview/overview-panel';
import { InverterPanel } from './inverter-panel';
import { InverterPill } from './inverter-pill';

const deviceOfKey = (key: string) => (key.includes('/') ? key.slice(0, key.indexOf('/')) : '');

/** The name of the device a live key is on, when it carries one. */
const deviceNameOf = (devices: readonly CompanionDevice[], key: string): string | undefined => {
  const id = deviceOfKey(key);
  return id === '' ? undefined : (devices.find((device) => device.id === id)?.name ?? id);
};

/** Live keys grouped by device in the owner's order (stable within a device); unchanged without. */
function byDevice(keys: string[], devices: readonly CompanionDevice[] | null): string[] {
  if (!devices) return keys;
  const rank = (key: string) => {
    const index = devices.findIndex((device) => device.id === deviceOfKey(key));
    return index === -1 ? devices.length : index;
  };
  return keys
    .map((key, index) => ({ key, index, rank: rank(key) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ key }) => key);
}

/**
 * The inverter selector (WAI-ARIA tabs as Bootstrap pills) and the selected panel. With two or
 * more inverters an Overview tab comes first and is the default (issue 15); with a single
 * inverter there is nothing to choose, so the pills are hidden (spec §2).
 */
export function InverterTabs({
  devices,
}: {
  /** Behind a companion: its devices in the owner's order (issue 27); null elsewhere. */
  devices?: readonly CompanionDevice[] | null | undefined;
} = {}) {
  const t = useT();
  const baseId = useId();
  const serialKey = useLiveStore(selectSerialKey);
  const several = !!devices && devices.length > 1;
  // Live keys; with several devices in the owner's device order (`<device>/<serial>`).
  const serials = byDevice(serialKey === '' ? [] : serialKey.split(','), several ? devices : null);
  const single = serials.length === 1;
  const tabs = single ? serials : [OVERVIEW, ...serials];
  const chosen = useLiveStore((state) => state.selected);
  const selected = chosen !== null && tabs.includes(chosen) ? chosen : tabs[0];
  if (selected === undefined) return null;

  const tabId = (serial: string) => `${baseId}-tab-${serial}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = tabs.indexOf(selected);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    liveActions.select(next);
    document.getElementById(tabId(next))?.focus();
  };

  const overviewOn = selected === OVERVIEW;
  return (
    <>
      {!single && (
        <ul
          className="nav nav-pills flex-wrap gap-1 mb-3"
          role="tablist"
          aria-label={t('home.Inverters')}
          onKeyDown={onKeyDown}
        >
          <li className="nav-item" role="presentation">
            <button
              type="button"
              role="tab"
              id={tabId(OVERVIEW)}
              aria-selected={overviewOn}
              aria-controls={panelId}
              tabIndex={overviewOn ? 0 : -1}
              className={`nav-link d-flex align-items-center gap-2${overviewOn ? ' active' : ''}`}
              onClick={() => liveActions.select(OVERVIEW)}
            >
              <Icon svg={gridIcon} />
              <span>{t('home.Overview')}</span>
            </button>
          </li>
          {serials.map((serial) => (
            <InverterPill
              key={serial}
              liveKey={serial}
              deviceName={several ? deviceNameOf(devices, serial) : undefined}
              selected={serial === selected}
              tabId={tabId(serial)}
              panelId={panelId}
              onSelect={() => liveActions.select(serial)}
            />
          ))}
        </ul>
      )}
      <div
        id={panelId}
        {...(single ? {} : { role: 'tabpanel', 'aria-labelledby': tabId(selected) })}
      >
        {overviewOn ? (
          <OverviewPanel onOpen={liveActions.select} devices={devices} />
        ) : (
          <InverterPanel key={selected} liveKey={selected} />
        )}
      </div>
    </>
  );
}
