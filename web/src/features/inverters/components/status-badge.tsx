import arrowDownIcon from 'bootstrap-icons/icons/arrow-down.svg?raw';
import arrowUpIcon from 'bootstrap-icons/icons/arrow-up.svg?raw';
import moonIcon from 'bootstrap-icons/icons/moon-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';

interface StatusBadgeProps {
  kind: 'receive' | 'send';
  day: boolean;
  night: boolean;
}

/**
 * Receive (poll) or send (commands) of one inverter, spec §4: dark when the night option is
 * on, warning-coloured when off; the arrow only when the day option is on. A moon repeats the
 * night state so it does not rest on colour alone, and the full state is spoken.
 */
export function StatusBadge({ kind, day, night }: StatusBadgeProps) {
  const t = useT();
  const label = t('inverteradmin.BadgeState', {
    what: t(kind === 'receive' ? 'inverteradmin.Receive' : 'inverteradmin.Send'),
    day: t(day ? 'inverteradmin.On' : 'inverteradmin.Off'),
    night: t(night ? 'inverteradmin.On' : 'inverteradmin.Off'),
  });
  return (
    <span
      className={`badge d-inline-flex gap-1 border ${night ? 'text-bg-dark' : 'text-bg-warning'}`}
      title={label}
      data-state={`${day ? 'day' : 'noday'}-${night ? 'night' : 'nonight'}`}
    >
      {day && <Icon svg={kind === 'receive' ? arrowDownIcon : arrowUpIcon} />}
      {night && <Icon svg={moonIcon} />}
      {!day && !night && <span aria-hidden="true">–</span>}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
