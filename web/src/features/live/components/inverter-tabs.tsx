import { lazy, Suspense, useId, type KeyboardEvent } from 'react';
import gridIcon from 'bootstrap-icons/icons/grid-3x3-gap-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { ensureFullCatalog } from '@/lib/i18n/i18n-store';
import { useT } from '@/lib/i18n/use-t';
import { liveActions, OVERVIEW, selectSerialKey, useLiveStore } from '../live-store';
import { InverterPanel } from './inverter-panel';
import { InverterPill } from './inverter-pill';

// Loaded with its first showing, so the live view's first load grows by the tab only (budget).
// Its texts come with the rest of the English catalogue (i18n core-namespaces.ts).
const OverviewPanel = lazy(async () => {
  const [m] = await Promise.all([import('../overview/overview-panel'), ensureFullCatalog()]);
  return { default: m.OverviewPanel };
});

/**
 * The inverter selector (WAI-ARIA tabs as Bootstrap pills) and the selected panel. With two or
 * more inverters an Overview tab comes first and is the default (issue 15); with a single
 * inverter there is nothing to choose, so the pills are hidden (spec §2).
 */
export function InverterTabs() {
  const t = useT();
  const baseId = useId();
  const serialKey = useLiveStore(selectSerialKey);
  const serials = serialKey === '' ? [] : serialKey.split(',');
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
              serial={serial}
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
          <Suspense fallback={<Spinner label={t('base.Loading')} />}>
            <OverviewPanel onOpen={liveActions.select} />
          </Suspense>
        ) : (
          <InverterPanel key={selected} serial={selected} />
        )}
      </div>
    </>
  );
}
