import type { CompanionDevice } from '@heliodtu/contract/companion';
import { deviceProblemText } from '@/lib/device-problem-text';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

/**
 * A device's heading in the grouped overview (issue 27): its name and state, connected or away
 * since when, and what keeps it from being used. Its tiles keep the last values while away.
 */
export function DeviceGroupHeader({ id, device }: { id: string; device: CompanionDevice | null }) {
  const t = useT();
  const fmt = useFormat();
  const away = device !== null && !device.reachable;
  const state =
    device === null
      ? null
      : away
        ? device.unreachable_since === null
          ? t('liveoverview.DeviceNotConnected')
          : t('liveoverview.DeviceAwaySince', {
              since: fmt.datetime(device.unreachable_since * 1000),
            })
        : t('liveoverview.DeviceConnected');
  return (
    <div className="d-flex flex-wrap align-items-baseline column-gap-2 mb-2 border-bottom pb-1">
      <h2 className="h6 mb-0" id={`device-group-${id}`}>
        {device?.name ?? id}
      </h2>
      {state && (
        <span
          className={`small ${away ? 'text-danger-emphasis fw-semibold' : 'text-body-secondary'}`}
          data-testid="device-state"
        >
          {state}
        </span>
      )}
      {device?.problem && (
        <span className="small text-danger-emphasis" data-testid="device-problem">
          {deviceProblemText(device.problem)}
        </span>
      )}
    </div>
  );
}
