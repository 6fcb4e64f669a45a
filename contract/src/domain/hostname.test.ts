import { describe, expect, it } from 'vitest';
import { HOSTNAME_MAX } from '../limits.js';
import { DEFAULT_HOSTNAME_PATTERN, chipIdHex, resolveHostname } from './hostname.js';

describe('chipIdHex', () => {
  it('prints 6 uppercase hex digits, zero padded', () => {
    expect(chipIdHex(0xabcdef)).toBe('ABCDEF');
    expect(chipIdHex(0x00a1b2)).toBe('00A1B2');
    expect(chipIdHex(0)).toBe('000000');
  });
});

describe('resolveHostname', () => {
  it('fills the default pattern with the chip id', () => {
    expect(resolveHostname(DEFAULT_HOSTNAME_PATTERN, 0x1a2b3c)).toBe('OpenDTU-1A2B3C');
    expect(resolveHostname('OpenDTU-%06X', 0x00000f)).toBe('OpenDTU-00000F');
  });

  it('keeps a pattern without placeholder as it is', () => {
    expect(resolveHostname('solar-gateway', 0x123456)).toBe('solar-gateway');
  });

  it.each([
    ['my dtu', 'my-dtu'],
    ['a_b+c!d?e*f', 'a-b-c-d-e-f'],
    ['dtu.home', 'dtuhome'],
    ['Müller-DTU', 'Mller-DTU'],
    ['dtu#1@roof', 'dtu1roof'],
    ['dtu---', 'dtu'],
    ['dtu - ', 'dtu'],
    ['-lead', '-lead'],
    ['100%', '100'],
  ])('sanitises %j to %j', (pattern, expected) => {
    expect(resolveHostname(pattern, 0x123456)).toBe(expected);
  });

  it('replaces every placeholder and treats %% as a dropped percent sign', () => {
    expect(resolveHostname('%06X-%06X', 0xabcdef)).toBe('ABCDEF-ABCDEF');
    expect(resolveHostname('a%%b', 1)).toBe('ab');
  });

  it('cuts to 31 characters', () => {
    const long = 'x'.repeat(40);
    expect(resolveHostname(long, 1)).toBe('x'.repeat(HOSTNAME_MAX));
    expect(resolveHostname('abcdefghijklmnopqrstuvwx-%06X', 0xabcdef)).toBe(
      'abcdefghijklmnopqrstuvwx-ABCDEF',
    );
    expect(resolveHostname('abcdefghijklmnopqrstuvwxyz-%06X', 0xabcdef)).toHaveLength(31);
  });

  it('cuts before sanitising, counting bytes as the device buffer does', () => {
    // 30 dots use 30 of the 31 bytes; only the next character fits.
    expect(resolveHostname('.'.repeat(30) + 'abc', 1)).toBe('a');
    // "ü" takes two bytes, so one character fewer fits.
    expect(resolveHostname('ü' + 'y'.repeat(40), 1)).toBe('y'.repeat(29));
  });

  it('removes a trailing dash left by the cut', () => {
    expect(resolveHostname('y'.repeat(30) + '-z', 1)).toBe('y'.repeat(30));
  });

  it('falls back to the default pattern when nothing is left', () => {
    expect(resolveHostname('', 0xabcdef)).toBe('OpenDTU-ABCDEF');
    expect(resolveHostname('...', 0xabcdef)).toBe('OpenDTU-ABCDEF');
    expect(resolveHostname('---', 0xabcdef)).toBe('OpenDTU-ABCDEF');
  });
});
