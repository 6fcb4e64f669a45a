import { upload } from '@/lib/upload';
import { HashFailure, type UploadContext } from '@/lib/upload-flow';
import { md5OfFile } from '../md5';

/**
 * Hashes the image, then POSTs api/firmware/update with the MD5 field before the file part
 * named `firmware` (wire-contract §4.13).
 */
export async function uploadFirmware(file: File, context: UploadContext): Promise<void> {
  const { signal, onPrepare, onProgress } = context;
  let md5: string;
  try {
    md5 = await md5OfFile(file, { onProgress: onPrepare, signal });
  } catch (error) {
    // Spec §8 shows one fixed text that points to the console, so the cause must be there.
    // eslint-disable-next-line no-console
    if (!signal.aborted) console.warn('MD5 computation failed', error);
    throw signal.aborted ? error : new HashFailure(String(error));
  }
  const body = new FormData();
  body.append('MD5', md5);
  body.append('firmware', file, 'firmware');
  await upload('api/firmware/update', body, { onProgress, signal });
}
