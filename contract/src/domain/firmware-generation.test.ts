import { describe, expect, it } from 'vitest';
import { firmwareGeneration, releaseTagOf } from './firmware-generation.js';

describe('releaseTagOf', () => {
  it.each([
    ['v24.11.7', 'v24.11.7'],
    ['v26.3.30', 'v26.3.30'],
    ['v24.11.7-3-gabc1234', 'v24.11.7'],
    ['gabc1234', null],
    ['release-abc1234', null],
    ['v24.11.7x', null],
    ['', null],
  ])('%s → %s', (gitHash, tag) => {
    expect(releaseTagOf(gitHash)).toBe(tag);
  });
});

describe('firmwareGeneration', () => {
  it.each([
    [{ git_hash: 'v24.11.7' }, 'v24'],
    [{ git_hash: 'v24.2.12' }, 'v24'],
    [{ git_hash: 'v23.12.24-5-g0123abc' }, 'v24'],
    [{ git_hash: 'v25.1.14' }, 'v26'],
    [{ git_hash: 'v26.3.30' }, 'v26'],
    [{ git_hash: 'v26.3.30-2-gfeedbee' }, 'v26'],
    [{ git_hash: 'gabc1234' }, 'v24'],
    // git_branch exists only on current firmware, whatever the hash says.
    [{ git_hash: 'gabc1234', git_branch: 'master' }, 'v26'],
    [{ git_hash: 'v24.11.7', git_branch: 'development' }, 'v26'],
    [{ git_hash: 'v24.11.7', git_branch: null }, 'v24'],
  ] as const)('%o → %s', (status, generation) => {
    expect(firmwareGeneration(status)).toBe(generation);
  });
});
