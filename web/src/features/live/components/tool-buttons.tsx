import speedometerIcon from 'bootstrap-icons/icons/speedometer.svg?raw';
import powerIcon from 'bootstrap-icons/icons/power.svg?raw';
import cpuIcon from 'bootstrap-icons/icons/cpu.svg?raw';
import outletIcon from 'bootstrap-icons/icons/outlet.svg?raw';
import journalIcon from 'bootstrap-icons/icons/journal-text.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useAuthStore } from '@/lib/auth-store';
import { useT } from '@/lib/i18n/use-t';

export type DialogKind = 'limit' | 'power' | 'info' | 'gridprofile' | 'eventlog';

interface ToolButtonsProps {
  /** The inverter's name, naming the group of buttons. */
  name: string;
  /** Event-log entries; -1 hides the button, undefined (no full data yet) hides the count. */
  events: number | undefined;
  onOpen(kind: DialogKind): void;
}

/** Limit, power, info, grid profile and event log; limit and power need a login (spec §2). */
export function ToolButtons({ name, events, onOpen }: ToolButtonsProps) {
  const t = useT();
  const loggedIn = useAuthStore((state) => state.isLoggedIn);
  const buttons = [
    { kind: 'limit', icon: speedometerIcon, label: t('home.ShowSetInverterLimit'), admin: true },
    { kind: 'power', icon: powerIcon, label: t('home.TurnOnOff'), admin: true },
    { kind: 'info', icon: cpuIcon, label: t('home.ShowInverterInfo'), admin: false },
    { kind: 'gridprofile', icon: outletIcon, label: t('home.ShowGridProfile'), admin: false },
  ] as const;

  return (
    <div className="btn-toolbar gap-2" role="group" aria-label={name}>
      <div className="btn-group btn-group-sm">
        {buttons.map(({ kind, icon, label, admin }) => (
          <button
            key={kind}
            type="button"
            className="btn btn-light border"
            title={label}
            aria-label={label}
            disabled={admin && !loggedIn}
            onClick={() => onOpen(kind)}
          >
            <Icon svg={icon} />
          </button>
        ))}
      </div>
      {events !== -1 && (
        <button
          type="button"
          className="btn btn-light border btn-sm"
          title={t('home.ShowEventlog')}
          onClick={() => onOpen('eventlog')}
        >
          <Icon svg={journalIcon} />
          <span className="visually-hidden">{t('home.ShowEventlog')}</span>
          {events !== undefined && (
            <span className="badge rounded-pill text-bg-danger ms-1" data-testid="event-count">
              {events}
              <span className="visually-hidden"> {t('home.UnreadMessages')}</span>
            </span>
          )}
        </button>
      )}
    </div>
  );
}
