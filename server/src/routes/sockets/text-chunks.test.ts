import { describe, expect, it } from 'vitest';
import { chunkText } from './text-chunks.js';

describe('chunkText', () => {
  it('packs whole lines up to the byte limit', () => {
    expect(chunkText(['aaa\r\n', 'bbb\r\n', 'ccc\r\n'], 10)).toEqual(['aaa\r\nbbb\r\n', 'ccc\r\n']);
  });

  it('cuts a long line at character boundaries, never inside a multi-byte character', () => {
    const chunks = chunkText(['ab€€€cd'], 5);
    expect(chunks.join('')).toBe('ab€€€cd');
    for (const chunk of chunks) expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(5);
    expect(chunks).toEqual(['ab€', '€', '€cd']);
  });

  it('gives nothing for nothing', () => {
    expect(chunkText([], 500)).toEqual([]);
    expect(chunkText([''], 500)).toEqual([]);
  });
});
