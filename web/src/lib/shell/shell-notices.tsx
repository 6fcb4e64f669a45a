import { useFormat } from '../format';
import { useGatewayReach } from '../gateway-reach';
import { useT } from '../i18n/use-t';
import { reloadToNewVersion } from './shell-worker';
import { useShellStore } from './shell-store';

const startOfToday = () => new Date().setHours(0, 0, 0, 0);

/**
 * The shell's own notices, over every screen: the gateway cannot be reached (since its last
 * answer), and a new version is served by the gateway (issue 16).
 */
export function ShellNotices() {
  const t = useT();
  const format = useFormat();
  const unreachable = useGatewayReach((state) => state.unreachable);
  const seenAt = useGatewayReach((state) => state.seenAt);
  const updateReady = useShellStore((state) => state.updateReady);
  if (!unreachable && !updateReady) return null;
  const since =
    seenAt === null
      ? null
      : seenAt >= startOfToday()
        ? format.time(seenAt)
        : format.datetime(seenAt);
  return (
    <div className="p-2 d-grid gap-2">
      {unreachable && (
        <div
          className="alert alert-warning shadow mb-0 py-2"
          role="status"
          data-notice="unreachable"
        >
          {since === null ? t('base.Unreachable') : t('base.UnreachableSince', { time: since })}
        </div>
      )}
      {updateReady && (
        <div
          className="alert alert-info shadow mb-0 py-2 d-flex flex-wrap align-items-center gap-2"
          role="status"
          data-notice="update"
        >
          <span className="me-auto">{t('base.NewVersion')}</span>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void reloadToNewVersion()}
          >
            {t('base.NewVersionReload')}
          </button>
        </div>
      )}
    </div>
  );
}
