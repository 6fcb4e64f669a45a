import type { Inverter } from '@heliodtu/contract/inverter';
import { useT } from '@/lib/i18n/use-t';
import { InverterRow } from './inverter-row';
import { useReorderHandles } from './use-reorder-handles';

interface InverterTableProps {
  /** In the order shown (the unsaved draft, if any). */
  inverters: readonly Inverter[];
  onMove(id: number, to: number): void;
  onEdit(inverter: Inverter): void;
  onDelete(inverter: Inverter): void;
}

/** The sortable inverter list (spec §2): handle, badges, serial, name, type, actions. */
export function InverterTable({ inverters, onMove, onEdit, onDelete }: InverterTableProps) {
  const t = useT();
  const { body, hintId, dragId, announcement, handleProps } = useReorderHandles(inverters, onMove);
  return (
    <>
      <div className="table-responsive">
        <table className="table table-hover align-middle mb-2">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('inverteradmin.Order')}</span>
              </th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('inverteradmin.Status')}
              </th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('inverteradmin.Serial')}
              </th>
              <th scope="col">{t('inverteradmin.Name')}</th>
              <th scope="col" className="d-none d-lg-table-cell">
                {t('inverteradmin.Type')}
              </th>
              <th scope="col" className="text-end">
                {t('inverteradmin.Action')}
              </th>
            </tr>
          </thead>
          <tbody ref={body}>
            {inverters.map((inverter, index) => (
              <InverterRow
                key={inverter.id}
                inverter={inverter}
                handle={handleProps(inverter, index)}
                dragging={dragId === inverter.id}
                onEdit={() => onEdit(inverter)}
                onDelete={() => onDelete(inverter)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p id={hintId} className="form-text mb-1">
        {t('inverteradmin.MoveHint')}
      </p>
      <p className="form-text">{t('inverteradmin.StatusHint')}</p>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </>
  );
}
