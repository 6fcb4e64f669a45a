import { memo, useEffect } from 'react';
import type { Alert } from '@heliodtu/contract/alerts';
import warningIcon from 'bootstrap-icons/icons/exclamation-octagon-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { alertText } from '@/lib/alert-text';
import { alertStringKey, useAlertsStore } from '@/lib/alerts-store';
import { ensureFullCatalog } from '@/lib/i18n/i18n-store';
import { useTranslateAny } from '@/lib/i18n/use-t';

/**
 * The mark of open alerts (issue 28) on a tile, tab or string: a small badge whose title and
 * label are the alerts' texts. It reads the alerts store, which changes only when a poll brings
 * a new answer, and is memoised: the live view's per-message redraws do not reach it.
 */
function GatewayAlertMark({
  serial,
  channel,
}: {
  serial: string;
  /** A DC input: only that string's alerts; without it every alert of the inverter. */
  channel?: string | number;
}) {
  const alerts = useAlertsStore((state) =>
    channel === undefined
      ? state.bySerial[serial]
      : state.byString[alertStringKey(serial, channel)],
  );
  const marked = alerts !== undefined && alerts.length > 0;
  // The alert texts are not in the first load (architecture "Budget"): fetched once a mark shows;
  // until then the gateway's English line stands in (alertText).
  useEffect(() => {
    if (marked) void ensureFullCatalog();
  }, [marked]);
  if (!alerts || !marked) return null;
  return <AlertBadge alerts={alerts} serial={serial} channel={channel} />;
}

/** The badge, apart so that no mark (the usual case, on every tile and string) reads no texts. */
function AlertBadge({
  alerts,
  serial,
  channel,
}: {
  alerts: readonly Alert[];
  serial: string;
  channel: string | number | undefined;
}) {
  const t = useTranslateAny();
  const text = alerts.map((alert) => alertText(t, alert)).join('; ');
  return (
    <span
      className="badge rounded-pill text-bg-danger alert-mark lh-1 flex-shrink-0 ms-1"
      role="img"
      title={text}
      aria-label={text}
      data-testid={
        channel === undefined ? `alert-mark-${serial}` : `alert-mark-${serial}-${channel}`
      }
    >
      <Icon svg={warningIcon} />
    </span>
  );
}

/** A device has no alerts API: the firmware build leaves the marks out (flash budget). */
export const AlertMark = import.meta.env.MODE === 'firmware' ? () => null : memo(GatewayAlertMark);
