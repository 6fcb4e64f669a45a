import { useQuery } from '@/lib/query';
import type { FileListEntry } from '@heliodtu/contract/files';
import type { ShownResult } from '@/components/ui/result-alert';
import { ApiError, apiGet, apiPost, authHeaders, handleUnauthorized } from '@/lib/api-client';
import { appUrl } from '@/lib/base-path';
import { deviceScopedPath } from '@/lib/device-scope';
import { upload } from '@/lib/upload';
import type { UploadContext } from '@/lib/upload-flow';

export const FILE_LIST_KEY = ['file', 'list'] as const;

/** GET api/file/list (wire-contract §4.12). */
export function useFileList() {
  return useQuery({
    queryKey: FILE_LIST_KEY,
    queryFn: ({ signal }) => apiGet<FileListEntry[]>('api/file/list', { signal }),
  });
}

/** POST api/file/delete; a refusal (404) comes back as an error, not as the error page. */
export function deleteFile(file: string): Promise<ShownResult> {
  return apiPost<ShownResult>('api/file/delete', { file }, { silent: true });
}

/** POST api/file/delete_all: the factory reset (the gateway answers 3002 and restarts). */
export function factoryReset(): Promise<ShownResult> {
  return apiPost<ShownResult>('api/file/delete_all', { delete: true }, { silent: true });
}

/** A file of the gateway as a blob (with the login header, so no plain link). */
export async function fetchFile(name: string): Promise<Blob> {
  const url = new URL(appUrl(deviceScopedPath('api/file/get')));
  url.searchParams.set('file', name);
  let response: Response;
  try {
    response = await fetch(url.href, { headers: authHeaders() });
  } catch (cause) {
    throw new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
  }
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(response.statusText || 'Unauthorized', 401);
  }
  if (!response.ok)
    throw new ApiError(response.statusText || String(response.status), response.status);
  return response.blob();
}

/** "config.json" on 25 Nov 2026 → "config-2026-11-25.json", so backups do not overwrite each other. */
export function datedFileName(name: string, date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-${stamp}${name.slice(dot)}` : `${name}-${stamp}`;
}

/** POST api/file/upload?file=<target>: one file part named `config` (wire-contract §4.12). */
export async function uploadRestoreFile(
  target: string,
  file: File,
  { signal, onProgress }: UploadContext,
): Promise<void> {
  const body = new FormData();
  body.append('config', file, 'config');
  await upload('api/file/upload', body, { query: { file: target }, onProgress, signal });
}
