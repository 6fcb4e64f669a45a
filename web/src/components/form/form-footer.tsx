import { useT } from '@/lib/i18n/use-t';

interface FormFooterProps {
  busy: boolean;
  /** Restores the gateway's values: reload from the server and reset the form. */
  onCancel(): void;
}

/** Cancel and Save, the same on every settings page; stays reachable at the end of long forms. */
export function FormFooter({ busy, onCancel }: FormFooterProps) {
  const t = useT();
  return (
    <div className="form-footer d-flex justify-content-end gap-2 py-2 mb-3">
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {t('base.Cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('base.Save')}
      </button>
    </div>
  );
}
