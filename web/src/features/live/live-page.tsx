import { lazy, useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { Page } from '@/components/layout/page';
import { BrowserOnly } from '@/components/browser-only';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { useCompanionDevices } from '@/lib/companion-status';
import { watchAlerts } from '@/lib/alerts-store';
import { useGatewayReach } from '@/lib/gateway-reach';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import { ConnectionNotice } from './components/connection-notice';
import {
  DEVICE_STATUS_POLL_MS,
  DeviceAwayHint,
  deviceNeedsHint,
} from './components/device-away-hint';
import { SnapshotNotice } from './components/snapshot-notice';
import { InverterTabs } from './components/inverter-tabs';
import { LiveHints } from './components/live-hints';
import { TotalsCards } from './components/totals-cards';
import { liveActions, useLiveStore } from './live-store';
import { useLiveSocket } from './use-live-socket';
import type { PasswordHintGateway } from './components/password-hints';

/** Shown when the gateway has no inverter: where to add one. */
function NoInverters() {
  const t = useT();
  return (
    <div className="alert alert-info" role="status">
      {t('home.NoInverters')}{' '}
      <Link href={PATHS.inverterSettings} className="alert-link">
        {t('home.NoInvertersLink')}
      </Link>
    </div>
  );
}

/**
 * Runs the weak-string rule while inverters are shown (issue 15); loaded after the first data so
 * the first load does not carry it.
 */
function useWeakStringFeed(active: boolean) {
  useEffect(() => {
    if (!active) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./overview/weak-string-feed').then((m) => {
      if (!cancelled) stop = m.startWeakStringFeed();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [active]);
}

// The House card (issue 35): a HelioDTU extension with its own polling, never in the firmware build.
const HouseSlot =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazy(() => import('./components/house-slot').then((m) => ({ default: m.HouseSlot })));

/**
 * `?inverter=<serial>&string=<n>` (the Alerts screen's links, issue 28): that inverter's tab, and
 * the string's card brought into view once the tab shows it.
 */
function useChosenFromLink(ready: boolean) {
  const search = useSearch();
  useEffect(() => {
    const query = new URLSearchParams(search);
    const serial = query.get('inverter');
    if (!ready || !serial) return;
    liveActions.select(serial);
    const channel = query.get('string');
    if (channel === null) return;
    const timer = window.setTimeout(() => {
      const card = document.querySelector<HTMLElement>(
        `[data-testid="inverter-${CSS.escape(serial)}"] [data-testid="channel-DC-${CSS.escape(channel)}"]`,
      );
      card?.scrollIntoView({ block: 'center' });
    });
    return () => window.clearTimeout(timer);
  }, [search, ready]);
}

/** Whose login the password hint speaks of: known once the companion status answered. */
function passwordHintGateway(
  devices: readonly CompanionDevice[] | null,
  known: boolean,
): PasswordHintGateway {
  if (devices) return { kind: 'companion', devices };
  return known ? { kind: 'device' } : { kind: 'unknown' };
}

/**
 * The live view (spec §2): hints, totals, the inverter tabs with their dialogs, fed by the
 * /livedata socket (or by polling when the socket cannot stay open).
 */
export function LivePage() {
  const t = useT();
  const { loading, loadFailed, reloading, reload } = useLiveSocket();
  const connected = useLiveStore((state) => state.connected);
  const inverterCount = useLiveStore((state) => state.data?.inverters.length);
  // Known away (the page came from the service worker's fallback): no spinner while the first
  // request waits, but the notice and the last snapshot at once.
  const unreachable = useGatewayReach((state) => state.unreachable);
  useWeakStringFeed((inverterCount ?? 0) > 0);
  useChosenFromLink((inverterCount ?? 0) > 0);
  // The marks on tiles, tabs and strings (issue 28): the alerts store, polled on its own.
  useEffect(() => watchAlerts(), []);
  // On a companion whose device is away the companion answered: its banner says why, not
  // "the gateway did not answer".
  const { devices, loaded: companionKnown } = useCompanionDevices(DEVICE_STATUS_POLL_MS);
  // With several devices each one's state shows at its group in the overview (issue 27); the
  // banner is for the one device whose absence explains the whole page.
  const device = devices?.length === 1 ? (devices[0] ?? null) : null;
  const deviceAway = deviceNeedsHint(device);

  return (
    <Page
      title={t('home.LiveData')}
      socketOnline={connected}
      onReload={reload}
      isLoading={(loading && inverterCount === undefined && !unreachable) || reloading}
    >
      <ConnectionNotice loadFailed={loadFailed && !deviceAway} />
      <DeviceAwayHint device={device} />
      <SnapshotNotice loadFailed={loadFailed} />
      <LiveHints gateway={passwordHintGateway(devices, companionKnown)} />
      {/* A server-rendered page read without JavaScript (issue 26): the figures stay as loaded.
          Hidden by CSS wherever scripts run (lib/early-start.ts SCRIPTING_ATTRIBUTE). */}
      <div className="alert alert-info live-needs-js" role="status">
        {t('home.LiveNeedsJavaScript')}
      </div>
      {inverterCount !== undefined && (
        <>
          <TotalsCards />
          {HouseSlot && (
            <BrowserOnly>
              <HouseSlot />
            </BrowserOnly>
          )}
          {inverterCount === 0 ? <NoInverters /> : <InverterTabs devices={devices} />}
        </>
      )}
    </Page>
  );
}
