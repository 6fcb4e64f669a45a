import { useEffect, type ReactNode } from 'react';
import reloadIcon from 'bootstrap-icons/icons/arrow-clockwise.svg?raw';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { loadFailedText } from '@/lib/device-problem-text';
import { useT } from '@/lib/i18n/use-t';
import { usePageHydrated } from '@/lib/page-hydrated';
import { DevicePicker } from './device-picker';
import { OnlineMarker } from './online-marker';
import { PullToRefreshIndicator, usePullToRefresh } from './pull-to-refresh';

export interface PageProps {
  title: string;
  /** Shows the spinner instead of the content. */
  isLoading?: boolean;
  /** Shows the reload button and enables pull-to-refresh on touch. */
  onReload?: () => unknown;
  /** A failed load: shown with a Retry button instead of the content. */
  error?: unknown;
  /** Shows the live-connection dot: true online, false offline; absent hides it. */
  socketOnline?: boolean;
  /** Shown under the title in every state, also beside a failed load's error. */
  lead?: ReactNode;
  children?: ReactNode;
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: (() => unknown) | undefined }) {
  const t = useT();
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">{loadFailedText(error)}</span>
      {onRetry && (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() => void onRetry()}
        >
          {t('base.Retry')}
        </button>
      )}
    </div>
  );
}

/** The frame of every screen (spec §2 "Page layout"): title, marker, reload, spinner, pull-to-refresh. */
export function Page(props: PageProps) {
  const { title, isLoading = false, onReload, socketOnline, error, lead, children } = props;
  const t = useT();
  const pull = usePullToRefresh(onReload);
  // A server-rendered page takes the browser's own state once this frame is hydrated.
  usePageHydrated();
  useEffect(() => {
    document.title = `${title} · HelioDTU`;
  }, [title]);
  const refreshing = pull.phase === 'refreshing';

  return (
    <main id="main" className="container-xxl page" tabIndex={-1}>
      <PullToRefreshIndicator state={pull} />
      <DevicePicker />
      <div className="d-flex align-items-center gap-3 mb-3 pb-2 border-bottom">
        <h1 className="h3 mb-0">{title}</h1>
        {socketOnline !== undefined && <OnlineMarker online={socketOnline} />}
        {onReload && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm ms-auto"
            onClick={() => void onReload()}
            disabled={isLoading || refreshing}
            title={t('base.Reload')}
          >
            <Icon svg={reloadIcon} />
            <span className="visually-hidden">{t('base.Reload')}</span>
          </button>
        )}
      </div>
      {lead}
      {isLoading ? (
        <div className="text-center my-5">
          <Spinner label={t('base.Loading')} />
        </div>
      ) : error ? (
        <LoadError error={error} onRetry={onReload} />
      ) : (
        children
      )}
    </main>
  );
}
