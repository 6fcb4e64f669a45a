import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  variant?: 'danger' | 'warning' | 'primary';
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question in a modal; Cancel takes the first focus, so Enter does no harm. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, variant = 'danger', busy = false } = props;
  const t = useT();
  return (
    <ModalDialog
      open={open}
      onClose={props.onCancel}
      title={title}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            {t('base.Cancel')}
          </button>
          <button
            type="button"
            className={`btn btn-${variant}`}
            disabled={busy}
            onClick={props.onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </ModalDialog>
  );
}
