import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useCompanionDevice } from '@/lib/companion-status';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

/** How often the live view asks a companion whether its device is back (a local answer, cheap). */
export const DEVICE_STATUS_POLL_MS = 5000;

/**
 * On a companion (issue 24) whose device cannot be reached: since when, and that the values on
 * screen are the device's last ones. The companion's own socket stays open meanwhile, so the
 * page's connection notice does not say it. Nothing on any other gateway.
 */
export function DeviceAwayHint() {
  const t = useT();
  const fmt = useFormat();
  const device = useCompanionDevice(DEVICE_STATUS_POLL_MS);
  if (!device || device.reachable || device.unreachable_since === null) return null;
  return (
    <div className="alert alert-danger" role="alert" data-testid="hint-device-away">
      <Icon svg={warningIcon} className="me-2" />
      {t('hints.DeviceAway', {
        url: device.url,
        since: fmt.datetime(device.unreachable_since * 1000),
      })}
    </div>
  );
}
