import { ApiError, authHeaders, handleUnauthorized } from './api-client';
import { appUrl } from './base-path';
import { deviceScopedPath } from './device-scope';

export interface UploadOptions {
  query?: Record<string, string>;
  /** Whole percent 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart body with upload progress (XHR, since fetch reports none). 200 resolves
 * with the body text; 500 rejects with the body text as the message and any other status with
 * "[HTTP ERROR] <status text>" (spec §7); a 401 applies the logout policy.
 */
export function upload(path: string, body: FormData, options: UploadOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = new URL(appUrl(deviceScopedPath(path)));
    for (const [key, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(key, value);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url.href);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 200) {
        options.onProgress?.(100);
        resolve(xhr.responseText);
      } else if (xhr.status === 401) {
        handleUnauthorized();
        reject(new ApiError(xhr.statusText || 'Unauthorized', 401));
      } else if (xhr.status === 500) {
        reject(new ApiError(xhr.responseText || xhr.statusText, 500));
      } else {
        reject(new ApiError(`[HTTP ERROR] ${xhr.statusText}`, xhr.status));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError('[HTTP ERROR] network error', 0)));
    xhr.addEventListener('abort', () => reject(new ApiError('aborted', 0)));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
