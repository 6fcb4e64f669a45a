import type { SystemStatus } from '@heliodtu/contract/system';
import { parseGitHash, versionInfoUrl } from '@heliodtu/contract/domain/git-hash';
import { InfoCard, InfoRow, InfoTable } from '@/components/ui/info-table';
import { useNow } from '@/hooks/use-now';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { currentUptime, uptimeParts } from '../uptime';
import { VersionCheckRow } from './version-check-row';

/** Uptime as days + hh:mm:ss, ticking every second from the moment the answer arrived. */
export function Uptime({ uptime, receivedAt }: { uptime: number; receivedAt: number }) {
  const t = useT();
  const now = useNow();
  const { days, time } = uptimeParts(currentUptime(uptime, receivedAt, now));
  return <span data-testid="uptime">{t('firmwareinfo.UptimeValue', { days, time }, days)}</span>;
}

/** Firmware card of the system info page, spec §2. */
export function FirmwareInfo({ status, receivedAt }: { status: SystemStatus; receivedAt: number }) {
  const t = useT();
  const fmt = useFormat();
  const gitRef = parseGitHash(status.git_hash);
  return (
    <InfoCard title={t('firmwareinfo.FirmwareInformation')}>
      <InfoTable>
        <InfoRow label={t('firmwareinfo.Hostname')}>{status.hostname}</InfoRow>
        <InfoRow label={t('firmwareinfo.SdkVersion')}>{status.sdkversion}</InfoRow>
        <InfoRow label={t('firmwareinfo.ConfigVersion')}>{status.config_version}</InfoRow>
        <InfoRow label={t('firmwareinfo.FirmwareVersion')}>
          <a
            href={versionInfoUrl(gitRef)}
            target="_blank"
            rel="noopener noreferrer"
            title={t('firmwareinfo.FirmwareVersionHint')}
          >
            {status.git_hash}
          </a>
        </InfoRow>
        <InfoRow label={t('firmwareinfo.PioEnv')}>{status.pioenv}</InfoRow>
        <VersionCheckRow gitHash={status.git_hash} />
        <InfoRow label={t('firmwareinfo.ResetReason0')}>{status.resetreason_0}</InfoRow>
        <InfoRow label={t('firmwareinfo.ResetReason1')}>{status.resetreason_1}</InfoRow>
        <InfoRow label={t('firmwareinfo.ConfigSaveCount')}>
          {fmt.decimalNoDigits(status.cfgsavecount)}
        </InfoRow>
        <InfoRow label={t('firmwareinfo.Uptime')}>
          <Uptime uptime={status.uptime} receivedAt={receivedAt} />
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}
