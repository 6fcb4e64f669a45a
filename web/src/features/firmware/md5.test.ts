import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { MD5_CHUNK_BYTES, md5OfFile } from './md5';

const FOX = 'The quick brown fox jumps over the lazy dog';

describe('md5OfFile', () => {
  it('is 2 MiB per chunk (spec §9)', () => {
    expect(MD5_CHUNK_BYTES).toBe(2 * 1024 * 1024);
  });

  it.each([1, 3, 7, 43, 64, 1000])('gives the known MD5 with %i-byte chunks', async (size) => {
    await expect(md5OfFile(new Blob([FOX]), { chunkSize: size })).resolves.toBe(
      '9e107d9d372bb6826bd81d3542a419d6',
    );
  });

  it('hashes an empty file', async () => {
    await expect(md5OfFile(new Blob([]))).resolves.toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('reads a 5 MiB image in three 2 MiB chunks and matches a whole-file MD5', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31 + (i >> 11)) & 0xff;
    const blob = new Blob([bytes]);
    const slice = vi.spyOn(blob, 'slice');
    const progress: number[] = [];
    const md5 = await md5OfFile(blob, { onProgress: (p) => progress.push(p) });
    expect(md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(slice.mock.calls).toEqual([
      [0, MD5_CHUNK_BYTES],
      [MD5_CHUNK_BYTES, 2 * MD5_CHUNK_BYTES],
      [2 * MD5_CHUNK_BYTES, bytes.length],
    ]);
    expect(progress).toEqual([40, 80, 100]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      md5OfFile(new Blob([FOX]), { chunkSize: 4, signal: controller.signal }),
    ).rejects.toThrow();
  });
});
