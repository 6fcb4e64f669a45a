import type { ExportControlConfig, ExportControlStatus } from '@heliodtu/contract/export-control';
import { apiRequest } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useRequest } from '../use-request';

interface Governance {
  status: ExportControlStatus;
  /** Only with the admin login; null without it. */
  config: ExportControlConfig | null;
}

const quiet = { method: 'GET', silent: true, handle401: false } as const;

/** Export control's status and (for the admin) settings; a gateway without them answers null. */
async function loadGovernance(): Promise<Governance | null> {
  const [status, config] = await Promise.all([
    apiRequest<ExportControlStatus>('api/exportcontrol/status', quiet).catch(() => null),
    apiRequest<ExportControlConfig>('api/exportcontrol/config', quiet).catch(() => null),
  ]);
  return status && Array.isArray(status.inverters) ? { status, config } : null;
}

/**
 * In the limit dialog of an inverter export control governs (issue 35): that it does, and that a
 * limit sent now pauses its control for the owner's pause time (or how long it stays paused).
 */
export function ExportControlNote({
  open,
  serial,
  dtu,
}: {
  open: boolean;
  serial: string;
  dtu: string | null;
}) {
  const t = useT();
  const { data } = useRequest(loadGovernance, open);
  if (!data?.status.enabled) return null;
  const { status, config } = data;
  const governed = status.inverters.find(
    (inverter) => inverter.serial === serial && (dtu === null || inverter.device === dtu),
  );
  if (!governed) return null;
  const text =
    governed.state === 'paused_manual' && governed.paused_until !== null
      ? t('powercontrol.LimitGovernedPaused', {
          minutes: Math.max(1, Math.ceil((governed.paused_until - status.now) / 60_000)),
        })
      : config
        ? t('powercontrol.LimitGoverned', { minutes: config.manual_pause_min })
        : t('powercontrol.LimitGovernedNoTime');
  return (
    <div className="alert alert-info small" role="status" data-testid="export-control-note">
      {text}
    </div>
  );
}
