import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8-length.js';

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['ü', 2],
    ['€', 3],
    ['😀', 4],
    // A lone surrogate is encoded as U+FFFD, as Buffer.byteLength counts it.
    ['\ud800', 3],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });
});
