import type { CommandStatus } from '@heliodtu/contract/limit';
import { useT } from '@/lib/i18n/use-t';

// Spec §4: Ok green, Pending yellow, Failure red, Unknown grey. Literal classes for PurgeCSS.
const BADGE_CLASS: Record<CommandStatus, string> = {
  Ok: 'text-bg-success',
  Pending: 'text-bg-warning',
  Failure: 'text-bg-danger',
  Unknown: 'text-bg-secondary',
};

/** The last limit or power command's status as a coloured badge. */
export function StatusBadge({ status }: { status: CommandStatus | undefined }) {
  const t = useT();
  const shown: CommandStatus = status && status in BADGE_CLASS ? status : 'Unknown';
  return (
    <span className={`badge ${BADGE_CLASS[shown]}`} data-status={shown}>
      {t(`home.${shown}`)}
    </span>
  );
}
