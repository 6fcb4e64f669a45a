import gripIcon from 'bootstrap-icons/icons/grip-vertical.svg?raw';
import pencilIcon from 'bootstrap-icons/icons/pencil.svg?raw';
import trashIcon from 'bootstrap-icons/icons/trash.svg?raw';
import type { Inverter } from '@heliodtu/contract/inverter';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import { StatusBadge } from './status-badge';
import type { HandleProps } from './use-reorder-handles';

interface InverterRowProps {
  inverter: Inverter;
  handle: HandleProps;
  dragging: boolean;
  onEdit(): void;
  onDelete(): void;
}

/**
 * One inverter of the list. On a phone the serial, the type and the badges move under the name,
 * the actions stack and long names wrap, so ten inverters fit without sideways scrolling.
 */
export function InverterRow({ inverter, handle, dragging, onEdit, onDelete }: InverterRowProps) {
  const t = useT();
  return (
    <tr data-id={inverter.id} className={dragging ? 'table-active' : undefined}>
      <td className="p-0">
        <button
          type="button"
          className="btn btn-link text-body-secondary px-2 py-2"
          style={{ touchAction: 'none', cursor: dragging ? 'grabbing' : 'grab' }}
          {...handle}
        >
          <Icon svg={gripIcon} />
        </button>
      </td>
      <td className="d-none d-sm-table-cell">
        <Badges inverter={inverter} />
      </td>
      <td className="d-none d-sm-table-cell font-monospace">{inverter.serial}</td>
      <td className="text-break">
        <div>{inverter.name}</div>
        <div className="d-sm-none small text-body-secondary font-monospace text-nowrap">
          {inverter.serial}
        </div>
        <div className="d-lg-none small text-body-secondary">{inverter.type}</div>
        <div className="d-sm-none mt-1">
          <Badges inverter={inverter} />
        </div>
      </td>
      <td className="d-none d-lg-table-cell">{inverter.type}</td>
      <td>
        <div className="d-flex flex-column flex-sm-row gap-1 align-items-end justify-content-end">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            title={t('inverteradmin.EditInverter')}
            aria-label={t('inverteradmin.EditNamed', { name: inverter.name })}
            onClick={onEdit}
          >
            <Icon svg={pencilIcon} />
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            title={t('inverteradmin.DeleteInverter')}
            aria-label={t('inverteradmin.DeleteNamed', { name: inverter.name })}
            onClick={onDelete}
          >
            <Icon svg={trashIcon} />
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Receive and send, side by side (spec §4). */
function Badges({ inverter }: { inverter: Inverter }) {
  return (
    <span className="d-inline-flex gap-1">
      <StatusBadge kind="receive" day={inverter.poll_enable} night={inverter.poll_enable_night} />
      <StatusBadge
        kind="send"
        day={inverter.command_enable}
        night={inverter.command_enable_night}
      />
    </span>
  );
}
