import type { VersionCheck } from '../api/version-check';
import { useT } from '@/lib/i18n/use-t';

/** The version-check badge, spec §4: red with a link, green, or grey; muted while it runs. */
export function VersionBadge({ check }: { check: VersionCheck | undefined }) {
  const t = useT();
  if (!check) {
    return (
      <span className="text-body-secondary small" role="status">
        {t('systeminfo.VersionChecking')}
      </span>
    );
  }
  if (check.status === 'new-version') {
    return (
      <a
        className="badge text-bg-danger text-decoration-none"
        href={check.url}
        target="_blank"
        rel="noopener noreferrer"
        title={t('firmwareinfo.FirmwareUpdateHint')}
      >
        {t('systeminfo.VersionNew')}
      </a>
    );
  }
  if (check.status === 'up-to-date') {
    return <span className="badge text-bg-success">{t('systeminfo.VersionOk')}</span>;
  }
  return <span className="badge text-bg-secondary">{t('systeminfo.VersionError')}</span>;
}
