import { TIMERS } from '@heliodtu/contract/limits';

/** Spec §9: the MD5 is computed over chunks of 2 MiB. */
export const MD5_CHUNK_BYTES = TIMERS.md5Chunk;

interface Md5Options {
  chunkSize?: number;
  /** Whole percent of the file hashed so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Lowercase hex MD5 of a file, read one chunk at a time. Each chunk is read asynchronously, so
 * the page keeps responding between chunks; spark-md5 is loaded only when first needed.
 */
export async function md5OfFile(file: Blob, options: Md5Options = {}): Promise<string> {
  const { chunkSize = MD5_CHUNK_BYTES, onProgress, signal } = options;
  const { default: SparkMD5 } = await import('spark-md5');
  const hash = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size; offset += chunkSize) {
    signal?.throwIfAborted();
    const end = Math.min(offset + chunkSize, file.size);
    hash.append(await file.slice(offset, end).arrayBuffer());
    onProgress?.(Math.round((end / file.size) * 100));
  }
  signal?.throwIfAborted();
  return hash.end();
}
