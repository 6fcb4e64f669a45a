import { useEffect } from 'react';
import { apiResultText, type ResultLike } from '@/lib/i18n/api-result-text';
import { useTranslateAny } from '@/lib/i18n/use-t';

export interface ShownResult extends ResultLike {
  type?: 'success' | 'warning' | 'danger' | 'info' | undefined;
}

interface ResultAlertProps {
  result: ShownResult | null | undefined;
  onDismiss(): void;
  /** Success hides itself after this many ms (OpenDTU's alert does the same). */
  autoDismissMs?: number;
}

/** A server result as a dismissible alert: translated apiresponse text, colour by type (spec §7). */
export function ResultAlert({ result, onDismiss, autoDismissMs = 5000 }: ResultAlertProps) {
  const t = useTranslateAny();
  const variant = result?.type ?? 'info';
  useEffect(() => {
    if (!result || variant !== 'success' || autoDismissMs <= 0) return;
    const timer = window.setTimeout(onDismiss, autoDismissMs);
    return () => window.clearTimeout(timer);
  }, [result, variant, autoDismissMs, onDismiss]);
  if (!result) return null;
  return (
    <div className={`alert alert-${variant} alert-dismissible`} role="alert">
      {apiResultText(t, result)}
      <button
        type="button"
        className="btn-close"
        aria-label={t('base.Close')}
        onClick={onDismiss}
      />
    </div>
  );
}
