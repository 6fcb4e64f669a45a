import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { TIMERS } from '@heliodtu/contract/limits';
import { Page } from '@/components/layout/page';
import { UploadProgress } from '@/components/ui/upload-progress';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import { uploadFailureText, useUploadFlow } from '@/lib/upload-flow';
import { uploadFirmware } from './api/firmware';
import { FirmwareChooser } from './firmware-chooser';

/**
 * Firmware upgrade (spec §2, §4): choose or drop an image; its MD5, the upload in percent, then
 * the success message and /wait after 1 s, or the error with Back and Retry.
 */
export function FirmwareUpgradePage() {
  const t = useT();
  const [, navigate] = useLocation();
  const flow = useUploadFlow();
  const { state } = flow;

  useEffect(() => {
    if (state.phase !== 'success') return;
    const timer = window.setTimeout(
      () => navigate(`${PATHS.wait}?for=firmware`),
      TIMERS.redirectDelay,
    );
    return () => window.clearTimeout(timer);
  }, [state.phase, navigate]);

  return (
    <Page title={t('firmwareupgrade.FirmwareUpgrade')}>
      {state.phase === 'idle' ? (
        <FirmwareChooser
          onChosen={(file) => void flow.start((context) => uploadFirmware(file, context))}
        />
      ) : (
        <section className="card" aria-labelledby="ota-status-title">
          <h2 className="card-header h6" id="ota-status-title">
            {t('firmwareupgrade.OtaStatus')}
          </h2>
          <div className="card-body">
            {state.phase === 'preparing' || state.phase === 'uploading' ? (
              <div className="d-flex flex-column gap-3">
                <UploadProgress
                  percent={state.percent}
                  label={
                    state.phase === 'preparing'
                      ? t('firmwareupgrade.Checksum')
                      : t('firmwareupgrade.UploadProgress')
                  }
                />
                <div>
                  <button type="button" className="btn btn-secondary" onClick={flow.cancel}>
                    {t('base.Cancel')}
                  </button>
                </div>
              </div>
            ) : state.phase === 'success' ? (
              <div className="alert alert-success mb-0" role="alert">
                {t('firmwareupgrade.OtaSuccess')}
              </div>
            ) : (
              <div className="alert alert-danger mb-0" role="alert">
                <h3 className="h6 alert-heading">{t('firmwareupgrade.OtaError')}</h3>
                <p className="text-break">
                  {uploadFailureText(t, state.error, t('firmwareupgrade.HashError'))}
                </p>
                <div className="d-flex gap-2">
                  <button type="button" className="btn btn-secondary" onClick={flow.back}>
                    {t('firmwareupgrade.Back')}
                  </button>
                  <button type="button" className="btn btn-primary" onClick={flow.retry}>
                    {t('firmwareupgrade.Retry')}
                  </button>
                </div>
              </div>
            )}
          </div>
        </section>
      )}
    </Page>
  );
}
