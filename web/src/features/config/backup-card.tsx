import { useState } from 'react';
import { CONFIG_FILE } from '@heliodtu/contract/limits';
import { useT } from '@/lib/i18n/use-t';
import { saveBlob } from '@/lib/save-blob';
import { datedFileName, fetchFile } from './api/files';

/** Backup download (spec §2): config.json saved under a dated name. */
export function BackupCard() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const backup = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveBlob(await fetchFile(CONFIG_FILE), datedFileName(CONFIG_FILE));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card mb-4" aria-labelledby="backup-title">
      <h2 className="card-header h6" id="backup-title">
        {t('configadmin.BackupHeader')}
      </h2>
      <div className="card-body">
        <p>{t('configadmin.BackupConfig')}</p>
        {failure !== null && (
          <div className="alert alert-danger" role="alert">
            {t('configadmin.DownloadFailed', { reason: failure })}
          </div>
        )}
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void backup()}
        >
          {t('configadmin.Backup')}
        </button>
      </div>
    </section>
  );
}
