import { useId } from 'react';
import { useQuery } from '@/lib/query';
import { InfoRow } from '@/components/ui/info-table';
import { useT } from '@/lib/i18n/use-t';
import { useAllowVersionInfo } from '../api/allow-version-info';
import { checkVersion } from '../api/version-check';
import { VersionBadge } from './version-badge';

/**
 * The update check (spec §1): nothing is asked until the user switches it on; the answer is
 * kept for the visit, so Reload asks the gateway again but not the code host.
 */
export function VersionCheckRow({ gitHash }: { gitHash: string }) {
  const t = useT();
  const id = useId();
  const [allow, setAllow] = useAllowVersionInfo();
  const check = useQuery({
    queryKey: ['system', 'version-check', gitHash],
    queryFn: ({ signal }) => checkVersion(gitHash, { signal }),
    enabled: allow,
    staleTime: Infinity,
    // checkVersion handles offline itself (grey badge at once); never wait for 'online'.
    networkMode: 'always',
  });

  return (
    <InfoRow label={t('firmwareinfo.FirmwareUpdate')}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="form-check form-switch mb-0">
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={allow}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setAllow(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={id}>
            {t('firmwareinfo.FirmwareUpdateAllow')}
          </label>
        </div>
        {allow && <VersionBadge check={check.data} />}
      </div>
      <div id={`${id}-hint`} className="form-text">
        {t('firmwareinfo.FirmwareUpdateAllowHint')}
      </div>
    </InfoRow>
  );
}
