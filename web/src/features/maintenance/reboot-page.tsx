import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Page } from '@/components/layout/page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { apiPost } from '@/lib/api-client';
import { RichText } from '@/lib/i18n/rich-text';
import { useT } from '@/lib/i18n/use-t';
import { withScreenDevice } from '@/lib/device-scope';
import { PATHS } from '@/lib/paths';

const REBOOT_TRIGGERED = 6001;
/** Spec §9: redirect delay. */
const REDIRECT_DELAY_MS = 1000;

/** A button, a confirmation with a hint, then the wait page (spec §2 "Reboot"). */
export function RebootPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShownResult | null>(null);

  useEffect(() => {
    if (result?.code !== REBOOT_TRIGGERED) return;
    const timer = window.setTimeout(
      () => navigate(withScreenDevice(`${PATHS.wait}?for=reboot`)),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [result, navigate]);

  const reboot = async () => {
    setBusy(true);
    try {
      setResult(await apiPost<ShownResult>('api/maintenance/reboot', { reboot: true }));
    } catch {
      // The API client already showed the error page or the login.
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Page title={t('maintenancereboot.DeviceReboot')}>
      <ResultAlert result={result} onDismiss={() => setResult(null)} autoDismissMs={0} />
      <div className="card">
        <div className="card-header">{t('maintenancereboot.PerformReboot')}</div>
        <div className="card-body text-center">
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            {t('maintenancereboot.RebootOpenDTU')}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('maintenancereboot.RebootOpenDTU')}
        confirmLabel={t('maintenancereboot.Reboot')}
        busy={busy}
        onConfirm={() => void reboot()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('maintenancereboot.RebootQuestion')}</p>
        <div className="alert alert-warning mb-0">
          <RichText text={t('maintenancereboot.RebootHint')} />
        </div>
      </ConfirmDialog>
    </Page>
  );
}
