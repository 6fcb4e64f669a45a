import crossIcon from 'bootstrap-icons/icons/x-circle-fill.svg?raw';
import exclamationIcon from 'bootstrap-icons/icons/exclamation-circle-fill.svg?raw';
import checkIcon from 'bootstrap-icons/icons/check-circle-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { formatValueWithUnit } from '../format-value';
import { AlertMark } from './alert-mark';
import { inverterStateOf } from '../inverter-state';
import { selectInverter, useLiveStore } from '../live-store';

interface InverterPillProps {
  /** The inverter's live key (liveKeyOf). */
  liveKey: string;
  /** Behind a companion with several devices: the device it is on (issue 27). */
  deviceName?: string | undefined;
  selected: boolean;
  tabId: string;
  panelId: string;
  onSelect(): void;
}

/** Spec §2: cross when unreachable, exclamation when reachable but not producing, check when producing. */
const ICONS = {
  disabled: { svg: crossIcon, className: 'text-secondary' },
  unreachable: { svg: crossIcon, className: 'text-danger' },
  idle: { svg: exclamationIcon, className: 'text-warning' },
  producing: { svg: checkIcon, className: 'text-success' },
} as const;

/** One tab of the inverter selector, with its state icon and AC power (OpenDTU O#2435). */
export function InverterPill(props: InverterPillProps) {
  const { liveKey, deviceName, selected, tabId, panelId, onSelect } = props;
  const format = useFormat();
  const inverter = useLiveStore(selectInverter(liveKey));
  if (!inverter) return null;
  const state = inverterStateOf(inverter);
  const power = inverter.AC?.['0']?.Power;
  return (
    <li className="nav-item" role="presentation">
      <button
        type="button"
        role="tab"
        id={tabId}
        aria-selected={selected}
        aria-controls={panelId}
        tabIndex={selected ? 0 : -1}
        className={`nav-link d-flex align-items-center gap-2${selected ? ' active' : ''}`}
        onClick={onSelect}
        data-state={state}
      >
        <span className={selected ? undefined : ICONS[state].className}>
          <Icon svg={ICONS[state].svg} />
        </span>
        <span>{inverter.name}</span>
        {deviceName !== undefined && (
          <small className={selected ? undefined : 'text-body-secondary'}>({deviceName})</small>
        )}
        <AlertMark serial={inverter.serial} />
        {power && state === 'producing' && (
          <small className={selected ? undefined : 'text-body-secondary'}>
            {formatValueWithUnit(format, power)}
          </small>
        )}
      </button>
    </li>
  );
}
