import { loadFailedText } from '@/lib/device-problem-text';
import { useT } from '@/lib/i18n/use-t';

/** A failed load of one view, with Retry (the page frame stays). */
export function ViewError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const t = useT();
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">{loadFailedText(error)}</span>
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
        {t('base.Retry')}
      </button>
    </div>
  );
}
