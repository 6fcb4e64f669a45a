import type { CompanionDevice } from '@heliodtu/contract/companion';
import { InfoCard, InfoRow, InfoTable, StateBadge } from '@/components/ui/info-table';
import { deviceProblemText } from '@/lib/device-problem-text';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

/**
 * On a companion (issue 24): the OpenDTU device it stands in front of. The rest of the page is
 * the device's own status, relayed; this card says where it comes from, and what keeps the
 * device from being used, in plain words with the companion's own line as the detail.
 */
function CompanionCard({ device }: { device: CompanionDevice }) {
  const t = useT();
  const fmt = useFormat();
  const since = device.unreachable_since;
  const { problem } = device;
  return (
    <InfoCard title={t('companioninfo.Title')}>
      <InfoTable>
        <InfoRow label={t('companioninfo.Address')}>
          <a href={device.url} target="_blank" rel="noopener noreferrer" data-testid="device-url">
            {device.url}
          </a>
        </InfoRow>
        <InfoRow label={t('companioninfo.Firmware')}>
          {device.git_hash ?? t('companioninfo.FirmwareUnknown')}
        </InfoRow>
        <InfoRow label={t('companioninfo.Connection')}>
          <StateBadge ok={device.reachable} wrap>
            {device.reachable
              ? t('companioninfo.Reachable')
              : since === null
                ? t('companioninfo.Unreachable')
                : t('companioninfo.UnreachableSince', { since: fmt.datetime(since * 1000) })}
          </StateBadge>
        </InfoRow>
        {problem && (
          <InfoRow label={t('companioninfo.Problem')}>
            <div className="text-danger" data-testid="device-problem">
              {deviceProblemText(problem)}
            </div>
            <div className="small text-body-secondary text-break">
              {t('companioninfo.ProblemDetail', { detail: problem.message })}
            </div>
          </InfoRow>
        )}
      </InfoTable>
    </InfoCard>
  );
}

/** A device is never a companion: the firmware build leaves the card out (flash budget). */
export const CompanionInfo = import.meta.env.MODE === 'firmware' ? () => null : CompanionCard;
