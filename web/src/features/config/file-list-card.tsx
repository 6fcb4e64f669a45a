import { useState } from 'react';
import { useQueryClient } from '@/lib/query';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { saveBlob } from '@/lib/save-blob';
import { FILE_LIST_KEY, deleteFile, fetchFile, useFileList } from './api/files';
import { useFileSize } from './file-size';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The device's files with Download and Delete (spec §2); Delete asks first, naming the file. */
export function FileListCard() {
  const t = useT();
  const size = useFileSize();
  const client = useQueryClient();
  const files = useFileList();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShownResult | null>(null);

  const download = async (name: string) => {
    try {
      saveBlob(await fetchFile(name), name);
    } catch (error) {
      setResult({
        type: 'danger',
        message: t('configadmin.DownloadFailed', { reason: reasonOf(error) }),
      });
    }
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    setBusy(true);
    try {
      setResult(await deleteFile(deleting));
    } catch (error) {
      setResult({
        type: 'danger',
        message:
          error instanceof ApiError && error.status === 404
            ? t('configadmin.FileMissing')
            : t('configadmin.DeleteFailed', { reason: reasonOf(error) }),
      });
    } finally {
      setBusy(false);
      setDeleting(null);
      await client.invalidateQueries({ queryKey: FILE_LIST_KEY });
    }
  };

  return (
    <section className="card mb-4" aria-labelledby="file-list-title">
      <h2 className="card-header h6" id="file-list-title">
        {t('configadmin.ListOfFiles')}
      </h2>
      <div className="card-body">
        <ResultAlert result={result} onDismiss={() => setResult(null)} autoDismissMs={0} />
        {files.isPending ? (
          <div className="text-center">
            <Spinner label={t('base.Loading')} />
          </div>
        ) : files.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            {t('base.LoadFailed', { reason: files.error.message })}
          </div>
        ) : (
          <div className="table-responsive">
            <table className="table table-hover align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('configadmin.Name')}</th>
                  <th scope="col" className="text-end">
                    {t('configadmin.Size')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('configadmin.Action')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {files.data.map((file) => (
                  <tr key={file.name}>
                    <td>{file.name}</td>
                    <td className="text-end text-nowrap">{size(file.size)}</td>
                    <td>
                      <div className="d-flex flex-wrap justify-content-end gap-2">
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          aria-label={t('configadmin.DownloadFile', { name: file.name })}
                          onClick={() => void download(file.name)}
                        >
                          {t('configadmin.Download')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-danger"
                          aria-label={t('configadmin.DeleteFile', { name: file.name })}
                          onClick={() => setDeleting(file.name)}
                        >
                          {t('configadmin.Delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
                {files.data.length === 0 && (
                  <tr>
                    <td colSpan={3} className="text-body-secondary">
                      {t('configadmin.NoFiles')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={t('configadmin.DeleteTitle')}
        confirmLabel={t('configadmin.Delete')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p className="mb-0">{t('configadmin.DeleteMsg', { name: deleting ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
