import { useId, type KeyboardEvent } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { liveActions, selectSerialKey, useLiveStore } from '../live-store';
import { InverterPanel } from './inverter-panel';
import { InverterPill } from './inverter-pill';

/**
 * The inverter selector (WAI-ARIA tabs as Bootstrap pills) and the selected inverter's panel.
 * With a single inverter there is nothing to choose, so the pills are hidden (spec §2).
 */
export function InverterTabs() {
  const t = useT();
  const baseId = useId();
  const serialKey = useLiveStore(selectSerialKey);
  const serials = serialKey === '' ? [] : serialKey.split(',');
  const chosen = useLiveStore((state) => state.selected);
  const selected = chosen !== null && serials.includes(chosen) ? chosen : serials[0];
  if (selected === undefined) return null;

  const tabId = (serial: string) => `${baseId}-tab-${serial}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = serials.indexOf(selected);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? serials[(index + 1) % serials.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? serials[(index - 1 + serials.length) % serials.length]
          : event.key === 'Home'
            ? serials[0]
            : event.key === 'End'
              ? serials[serials.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    liveActions.select(next);
    document.getElementById(tabId(next))?.focus();
  };

  const single = serials.length === 1;
  return (
    <>
      {!single && (
        <ul
          className="nav nav-pills flex-wrap gap-1 mb-3"
          role="tablist"
          aria-label={t('home.Inverters')}
          onKeyDown={onKeyDown}
        >
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
        <InverterPanel key={selected} serial={selected} />
      </div>
    </>
  );
}
