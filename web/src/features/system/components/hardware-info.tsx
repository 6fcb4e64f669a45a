import type { SystemStatus } from '@heliodtu/contract/system';
import { InfoCard, InfoRow, InfoTable } from '@/components/ui/info-table';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

/** Hardware card of the system info page, spec §2; the temperature only where the chip has a sensor. */
export function HardwareInfo({ status }: { status: SystemStatus }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <InfoCard title={t('hardwareinfo.HardwareInformation')}>
      <InfoTable>
        <InfoRow label={t('hardwareinfo.ChipModel')}>{status.chipmodel}</InfoRow>
        <InfoRow label={t('hardwareinfo.ChipRevision')}>{status.chiprevision}</InfoRow>
        <InfoRow label={t('hardwareinfo.ChipCores')}>{status.chipcores}</InfoRow>
        <InfoRow label={t('hardwareinfo.CpuFrequency')}>
          {t('hardwareinfo.Mhz', { mhz: status.cpufreq })}
        </InfoRow>
        {status.cputemp !== null && (
          <InfoRow label={t('hardwareinfo.CpuTemperature')}>{fmt.celsius(status.cputemp)}</InfoRow>
        )}
        <InfoRow label={t('hardwareinfo.FlashSize')}>{fmt.kilobyte(status.flashsize)}</InfoRow>
      </InfoTable>
    </InfoCard>
  );
}
