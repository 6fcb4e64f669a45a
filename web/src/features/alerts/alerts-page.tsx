import { useEffect } from 'react';
import { Link } from 'wouter';
import type { Alert } from '@heliodtu/contract/alerts';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { Page } from '@/components/layout/page';
import { alertInverterName, alertStringName, alertText } from '@/lib/alert-text';
import { refreshAlerts, useAlertsStore, watchAlerts } from '@/lib/alerts-store';
import { useCompanionDevices } from '@/lib/companion-status';
import { useFormat } from '@/lib/format';
import { useLocale, useT, useTranslateAny } from '@/lib/i18n/use-t';
import { liveKeyOf } from '@/lib/live-key';
import { withScreenDevice } from '@/lib/device-scope';
import { PATHS } from '@/lib/paths';
import { relativeTime } from './alert-times';
import { useGatewayNow } from './use-gateway-now';

/**
 * The live view with an inverter's tab chosen (and a string of it marked). Behind a companion
 * with several devices the tabs are keyed by device and serial (liveKeyOf), so the link names
 * the alert's device: the same serial may be on two.
 */
export function liveLinkOf(alert: Alert, serial: string, severalDevices: boolean): string {
  const tab = liveKeyOf({ serial, dtu: severalDevices ? alert.device : null });
  const query = new URLSearchParams({ inverter: tab });
  if (alert.string !== null) query.set('string', String(alert.string));
  return `${PATHS.live}?${query.toString()}`;
}

/**
 * A time as "5 minutes ago" on the gateway's clock (`now`), with the full local date and time
 * beside it; the date alone until that clock is known.
 */
function When({ seconds, now }: { seconds: number; now: number | undefined }) {
  const format = useFormat();
  const locale = useLocale();
  const ms = seconds * 1000;
  const absolute = format.datetime(ms);
  return (
    <time dateTime={new Date(ms).toISOString()} title={absolute}>
      {now === undefined ? (
        absolute
      ) : (
        <>
          {relativeTime(ms, now, locale)} <span className="text-body-secondary">({absolute})</span>
        </>
      )}
    </time>
  );
}

interface SubjectProps {
  alert: Alert;
  /** The companion's devices (null on any other gateway, or until known). */
  devices: readonly CompanionDevice[] | null;
}

/**
 * What the alert is about, linked to where the owner can act: an inverter (or string) to its tab
 * in the live view, a companion's device to its entry on the Devices screen (`?dtu=<id>`, as every
 * screen names a device behind a companion), each by the owner's name. With several devices an
 * inverter's device is named too.
 */
function Subject({ alert, devices }: SubjectProps) {
  const t = useT();
  const onCompanion = alert.device !== 'local';
  const device = devices?.find((entry) => entry.id === alert.device)?.name ?? alert.device;
  if (alert.serial === null) {
    if (!onCompanion) return <span>{t('alertslist.ThisGateway')}</span>;
    return (
      <Link
        href={withScreenDevice(PATHS.devices, alert.device)}
        data-testid="alert-subject"
        title={t('alertslist.DeviceLinkTitle')}
      >
        {device}
      </Link>
    );
  }
  const severalDevices = onCompanion && (devices?.length ?? 0) > 1;
  const inverter = severalDevices
    ? t('alertslist.InverterOn', { name: alertInverterName(alert), device })
    : alertInverterName(alert);
  const label =
    alert.string === null
      ? inverter
      : t('alertslist.StringOf', { string: alertStringName(alert), name: inverter });
  return (
    <Link href={liveLinkOf(alert, alert.serial, severalDevices)} data-testid="alert-subject">
      {label}
    </Link>
  );
}

function AlertItem({
  alert,
  now,
  devices,
}: {
  alert: Alert;
  now: number | undefined;
  devices: readonly CompanionDevice[] | null;
}) {
  const t = useT();
  const tAny = useTranslateAny();
  const open = alert.cleared === null;
  return (
    <li className="list-group-item" data-testid={open ? 'alert-open' : 'alert-recent'}>
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <span className={`badge ${open ? 'text-bg-danger' : 'text-bg-secondary'}`}>
          {open ? t('alertslist.StateOpen') : t('alertslist.StateCleared')}
        </span>
        <strong className="me-auto">{alertText(tAny, alert)}</strong>
        <Subject alert={alert} devices={devices} />
      </div>
      <div className="small mt-1">
        <span className="me-3">
          {t('alertslist.Opened')} <When seconds={alert.opened} now={now} />
        </span>
        {alert.cleared !== null && (
          <span>
            {t('alertslist.Cleared')} <When seconds={alert.cleared} now={now} />
          </span>
        )}
      </div>
    </li>
  );
}

/** The Alerts screen (issue 28): open alerts first, oldest first, then those cleared in 30 days. */
export function AlertsPage() {
  const t = useT();
  const support = useAlertsStore((state) => state.support);
  const status = useAlertsStore((state) => state.status);
  // Ages in the gateway's time: a simulated one's alerts are not "500 days ago".
  const now = useGatewayNow(status?.now);
  // Device names and count for the subjects (null on any other gateway than a companion).
  const { devices } = useCompanionDevices();
  useEffect(() => watchAlerts(), []);
  const loading = support === 'unknown' || (support === 'available' && !status);
  return (
    <Page title={t('alertslist.Title')} isLoading={loading} onReload={() => refreshAlerts()}>
      {support === 'absent' && (
        <div className="alert alert-info" role="status">
          {t('alertslist.Absent')}
        </div>
      )}
      {status && (
        <>
          {!status.persistent && (
            <div className="alert alert-warning" role="status">
              {t('alertslist.NotPersistent')}
            </div>
          )}
          <section className="mb-4" aria-labelledby="alerts-open">
            <h2 className="h5" id="alerts-open">
              {t('alertslist.Open', { count: status.open.length })}
            </h2>
            {status.open.length === 0 ? (
              <p className="text-body-secondary">{t('alertslist.NoneOpen')}</p>
            ) : (
              <ul className="list-group">
                {status.open.map((alert) => (
                  <AlertItem key={alert.id} alert={alert} now={now} devices={devices} />
                ))}
              </ul>
            )}
          </section>
          <section className="mb-4" aria-labelledby="alerts-recent">
            <h2 className="h5" id="alerts-recent">
              {t('alertslist.Recent')}
            </h2>
            {status.recent.length === 0 ? (
              <p className="text-body-secondary">{t('alertslist.NoneRecent')}</p>
            ) : (
              <ul className="list-group">
                {status.recent.map((alert) => (
                  <AlertItem key={alert.id} alert={alert} now={now} devices={devices} />
                ))}
              </ul>
            )}
          </section>
          <p>
            <Link href={PATHS.alertsSettings}>{t('alertslist.SettingsLink')}</Link>
          </p>
        </>
      )}
    </Page>
  );
}
