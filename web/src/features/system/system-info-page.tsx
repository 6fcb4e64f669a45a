import { StatusPage } from '@/components/layout/status-page';
import { useCompanionDevices } from '@/lib/companion-status';
import { currentScreenDevice } from '@/lib/device-scope';
import { useT } from '@/lib/i18n/use-t';
import { useSystemStatus } from './api/system-status';
import { CompanionInfo } from './components/companion-info';
import { FirmwareInfo } from './components/firmware-info';
import { HardwareInfo } from './components/hardware-info';
import { HeapDetails } from './components/heap-details';
import { MemoryInfo } from './components/memory-info';
import { RadioInfo } from './components/radio-info';
import { TaskDetails } from './components/task-details';

/** System info, spec §2 "Info pages": one request, Reload refetches, a failed load offers Retry. */
export function SystemInfoPage() {
  const t = useT();
  const query = useSystemStatus();
  const { devices } = useCompanionDevices();
  // With several devices: the one the selector shows (issue 27); else the only one.
  const shown = currentScreenDevice();
  const companionDevice =
    (shown === null ? undefined : devices?.find((device) => device.id === shown)) ??
    devices?.[0] ??
    null;
  const companionCard = companionDevice && <CompanionInfo device={companionDevice} />;
  return (
    <StatusPage
      title={t('systeminfo.SystemInfo')}
      query={query}
      // On a companion the status is the device's: when it cannot come, the card says why.
      withoutStatus={
        companionCard && (
          <div className="row gx-3">
            <div className="col-lg-6">{companionCard}</div>
          </div>
        )
      }
    >
      {(status) => (
        <div className="row gx-3">
          <div className="col-lg-6">
            {companionCard}
            <FirmwareInfo status={status} receivedAt={query.dataUpdatedAt} />
          </div>
          <div className="col-lg-6">
            <HardwareInfo status={status} />
            <RadioInfo status={status} />
          </div>
          <div className="col-12">
            <MemoryInfo status={status} />
          </div>
          <div className="col-lg-6">
            <HeapDetails status={status} />
          </div>
          <div className="col-lg-6">
            <TaskDetails status={status} />
          </div>
        </div>
      )}
    </StatusPage>
  );
}
