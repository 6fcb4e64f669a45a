import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { TIMERS } from '@heliodtu/contract/limits';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { RichText } from '@/lib/i18n/rich-text';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import { factoryReset } from './api/files';

const RESET_DONE = 3002;

/** Factory reset with its confirmation (spec §2); on 3002 the wait page follows after 1 s. */
export function FactoryResetCard() {
  const t = useT();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShownResult | null>(null);

  useEffect(() => {
    if (result?.code !== RESET_DONE) return;
    const timer = window.setTimeout(
      () => navigate(`${PATHS.wait}?for=reset`),
      TIMERS.redirectDelay,
    );
    return () => window.clearTimeout(timer);
  }, [result, navigate]);

  const reset = async () => {
    setBusy(true);
    try {
      setResult(await factoryReset());
    } catch (error) {
      setResult({ type: 'danger', message: error instanceof Error ? error.message : '' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className="card mb-4" aria-labelledby="reset-title">
      <h2 className="card-header h6" id="reset-title">
        {t('configadmin.ResetHeader')}
      </h2>
      <div className="card-body">
        <ResultAlert result={result} onDismiss={() => setResult(null)} autoDismissMs={0} />
        <div className="alert alert-warning">
          <RichText text={t('configadmin.ResetHint')} />
        </div>
        <button
          type="button"
          className="btn btn-danger"
          disabled={result?.code === RESET_DONE}
          onClick={() => setConfirming(true)}
        >
          {t('configadmin.FactoryResetButton')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('configadmin.FactoryReset')}
        confirmLabel={t('configadmin.ResetConfirm')}
        busy={busy}
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-0">{t('configadmin.ResetMsg')}</p>
      </ConfirmDialog>
    </section>
  );
}
