import { useState, type MouseEvent } from 'react';
import downloadIcon from 'bootstrap-icons/icons/download.svg?raw';
import { Icon } from '@/components/ui/icon';
import { authHeaders } from '@/lib/api-client';
import { appUrl } from '@/lib/base-path';
import { useAuthStore } from '@/lib/auth-store';
import { useT } from '@/lib/i18n/use-t';

export interface CsvDownloadProps {
  path: string;
  query: Record<string, string>;
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(header)?.[1] ?? fallback;
}

/**
 * The CSV export of what is shown. Public history (read-only allowed) is a plain download link,
 * streamed by the browser. Logged in, the export is fetched with the stored credentials (a link
 * cannot carry the Authorization header when read-only is off) and saved from a blob.
 */
export function CsvDownload({ path, query }: CsvDownloadProps) {
  const t = useT();
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const url = new URL(appUrl(path));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const fallbackName = `heliodtu-history-${query['from']}_${query['to']}.csv`;

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isLoggedIn) return;
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    fetch(url.href, { headers: authHeaders() })
      .then(async (response) => {
        if (!response.ok) throw new Error(response.statusText || String(response.status));
        const blob = await response.blob();
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = fileNameOf(response, fallbackName);
        link.click();
        // Give the browser the click before the blob goes.
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      })
      .catch((cause: unknown) => setFailure(cause instanceof Error ? cause.message : String(cause)))
      .finally(() => setBusy(false));
  };

  return (
    <>
      <a
        href={url.href}
        download={fallbackName}
        className={`btn btn-outline-secondary btn-sm${busy ? ' disabled' : ''}`}
        aria-disabled={busy || undefined}
        onClick={onClick}
      >
        <Icon svg={downloadIcon} /> {t('history.DownloadCsv')}
      </a>
      {failure && (
        <span className="text-danger small" role="alert">
          {t('history.DownloadFailed', { reason: failure })}
        </span>
      )}
    </>
  );
}
