import { describe, expect, it } from 'vitest';
import {
  compareVersionTags,
  isGitHash,
  parseGitHash,
  parseVersionTag,
  updateStatusOf,
  versionCompareApiUrl,
  versionInfoUrl,
} from './git-hash.js';

describe('parseGitHash', () => {
  it.each([
    ['v24.11.7', 'v24.11.7', false],
    ['v25.4.10', 'v25.4.10', false],
    ['gabc1234', 'abc1234', true],
    ['g0000000', '0000000', true],
    ['v24.11.7-3-gabc1234', 'abc1234', true],
    ['v0.1-5-gabcdef0', 'abcdef0', true],
    ['release-abc1234', 'abc1234', true],
  ])('%s → %s (hash %s)', (raw, ref, isHash) => {
    expect(parseGitHash(raw)).toEqual({ ref, isHash });
    expect(isGitHash(raw)).toBe(isHash);
  });

  it('keeps an empty string as an empty tag', () => {
    expect(parseGitHash('')).toEqual({ ref: '', isHash: false });
  });
});

describe('parseVersionTag', () => {
  it('reads tags with and without v and with missing parts', () => {
    expect(parseVersionTag('v24.11.7')).toEqual([24, 11, 7]);
    expect(parseVersionTag('24.11.7')).toEqual([24, 11, 7]);
    expect(parseVersionTag('v25.9')).toEqual([25, 9, 0]);
    expect(parseVersionTag('v26')).toEqual([26, 0, 0]);
  });

  it('rejects hashes and describe strings', () => {
    expect(parseVersionTag('abc1234')).toBeNull();
    expect(parseVersionTag('v24.11.7-3-gabc1234')).toBeNull();
    expect(parseVersionTag('v24.11.7.1')).toBeNull();
  });
});

describe('compareVersionTags', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersionTags('v24.11.7', 'v24.9.30')).toBe(1);
    expect(compareVersionTags('v24.9.30', 'v24.11.7')).toBe(-1);
    expect(compareVersionTags('v25.4.10', 'v24.11.7')).toBe(1);
    expect(compareVersionTags('v24.11.7', 'v24.11.8')).toBe(-1);
    expect(compareVersionTags('v24.11.7', '24.11.7')).toBe(0);
    expect(compareVersionTags('v25.9', 'v25.9.0')).toBe(0);
  });

  it('sorts a list of tags', () => {
    const tags = ['v25.4.10', 'v24.11.7', 'v24.2.12', 'v25.9.11'];
    expect([...tags].sort((a, b) => compareVersionTags(a, b) ?? 0)).toEqual([
      'v24.2.12',
      'v24.11.7',
      'v25.4.10',
      'v25.9.11',
    ]);
  });

  it('gives null when either side is not a tag', () => {
    expect(compareVersionTags('gabc1234', 'v24.11.7')).toBeNull();
    expect(compareVersionTags('v24.11.7', '')).toBeNull();
  });
});

describe('version check urls', () => {
  it('links a hash to its commit and a tag to its release', () => {
    expect(versionInfoUrl(parseGitHash('gabc1234'))).toBe(
      'https://github.com/tbnobody/OpenDTU/commits/abc1234',
    );
    expect(versionInfoUrl(parseGitHash('v24.11.7'))).toBe(
      'https://github.com/tbnobody/OpenDTU/releases/tag/v24.11.7',
    );
  });

  it('asks the compare API from the ref to HEAD', () => {
    expect(versionCompareApiUrl(parseGitHash('v24.11.7-3-gabc1234'))).toBe(
      'https://api.github.com/repos/tbnobody/OpenDTU/compare/abc1234...HEAD',
    );
    expect(versionCompareApiUrl({ ref: 'v1.0.0', isHash: false }, 'me/fork')).toBe(
      'https://api.github.com/repos/me/fork/compare/v1.0.0...HEAD',
    );
  });

  it('is behind only when commits are ahead', () => {
    expect(updateStatusOf(0)).toBe('up-to-date');
    expect(updateStatusOf(1)).toBe('new-version');
  });
});
