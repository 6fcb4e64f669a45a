import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Page } from '@/components/layout/page';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, apiRequest } from '@/lib/api-client';
import { appUrl } from '@/lib/base-path';
import { replaceLocation } from '@/lib/navigation';
import { useT } from '@/lib/i18n/use-t';

export const WAIT_POLL_MS = 1000;
/** After this long without an answer the page offers a way back (issue 11). */
export const WAIT_GIVE_UP_MS = 60_000;

const REASONS = {
  reboot: 'wait.ForReboot',
  firmware: 'wait.ForFirmware',
  restore: 'wait.ForRestore',
  reset: 'wait.ForReset',
} as const;

function reasonKey(search: string) {
  const reason = new URLSearchParams(search).get('for');
  return reason !== null && reason in REASONS
    ? REASONS[reason as keyof typeof REASONS]
    : 'wait.ForDevice';
}

/**
 * Polls the system status every second while the browser is online; the first answer replaces
 * the location with the interface root (spec §4). A 401 counts as an answer too: the device is
 * back, and the live view will ask for a login if it needs one.
 */
export function WaitPage() {
  const t = useT();
  const search = useSearch();
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setOverdue(true), WAIT_GIVE_UP_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    let done = false;
    let inFlight = false;
    const back = () => {
      if (done) return;
      done = true;
      replaceLocation(appUrl(''));
    };
    const check = async () => {
      if (done || inFlight || !navigator.onLine) return;
      inFlight = true;
      try {
        await apiRequest('api/system/status', {
          method: 'GET',
          silent: true,
          handle401: false,
          signal: AbortSignal.timeout(3000),
        });
        back();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) back();
      } finally {
        inFlight = false;
      }
    };
    const timer = window.setInterval(() => void check(), WAIT_POLL_MS);
    return () => {
      done = true;
      window.clearInterval(timer);
    };
  }, []);

  return (
    <Page title={t('wait.NotReady')}>
      <div className="card">
        <div className="card-header text-bg-primary">{t('wait.PleaseWait')}</div>
        <div className="card-body text-center py-4">
          <p>{t(reasonKey(search))}</p>
          <Spinner label={t('base.Loading')} />
          {overdue && (
            <div className="alert alert-warning text-start mt-4 mb-0" role="alert">
              <p className="mb-2">{t('wait.NoAnswer', { seconds: WAIT_GIVE_UP_MS / 1000 })}</p>
              <a className="alert-link" href={appUrl('')}>
                {t('wait.BackToLive')}
              </a>
            </div>
          )}
        </div>
      </div>
    </Page>
  );
}
