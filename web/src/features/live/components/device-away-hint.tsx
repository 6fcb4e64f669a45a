import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { deviceProblemText } from '@/lib/device-problem-text';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

/** How often the live view asks a companion whether its device is back (a local answer, cheap). */
export const DEVICE_STATUS_POLL_MS = 5000;

/** Whether the device behind a companion is away or unusable: the banner below says it. */
export const deviceNeedsHint = (device: CompanionDevice | null): boolean =>
  !!device && ((!device.reachable && device.unreachable_since !== null) || !!device.problem);

/**
 * On a companion (issue 24) whose device cannot be reached or used: since when, that the values
 * on screen are the device's last ones, and why in plain words (wrong password, not an OpenDTU,
 * …). The companion's own socket stays open meanwhile, so the page's connection notice does not
 * say it. Nothing on any other gateway (`device` null: lib/companion-status.ts).
 */
function CompanionDeviceAwayHint({ device }: { device: CompanionDevice | null }) {
  const t = useT();
  const fmt = useFormat();
  if (!device) return null;
  const awaySince = device.reachable ? null : device.unreachable_since;
  const away = awaySince !== null;
  if (!away && !device.problem) return null;
  return (
    <div className="alert alert-danger d-flex" role="alert" data-testid="hint-device-away">
      <Icon svg={warningIcon} className="me-2 flex-shrink-0 mt-1" />
      <div>
        {awaySince !== null && (
          <p className="mb-0">
            {t('hints.DeviceAway', {
              url: device.url,
              since: fmt.datetime(awaySince * 1000),
            })}
          </p>
        )}
        {device.problem && (
          <p className={away ? 'mb-0 mt-1 fw-semibold' : 'mb-0'} data-testid="device-problem">
            {deviceProblemText(device.problem)}
          </p>
        )}
      </div>
    </div>
  );
}

/** A device is never a companion: the firmware build leaves the hint out (flash budget). */
export const DeviceAwayHint =
  import.meta.env.MODE === 'firmware' ? () => null : CompanionDeviceAwayHint;
