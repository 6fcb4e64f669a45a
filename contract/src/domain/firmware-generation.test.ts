import { describe, expect, it } from 'vitest';
import {
  CURRENT_FIRMWARE_BRANCH,
  FIRMWARE_RELEASES,
  SOCKET_AUTH_SCHEME,
  dtuSerialText,
  firmwareGeneration,
  generationOfRelease,
  isCurrentFirmware,
  releaseTagOf,
} from './firmware-generation.js';

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

describe('generationOfRelease', () => {
  it('knows exactly the two releases the simulator speaks', () => {
    expect(generationOfRelease('v24.11.7')).toBe('v24');
    expect(generationOfRelease('v26.3.30')).toBe('v26');
    expect(generationOfRelease('v25.9.11')).toBeNull();
    expect(generationOfRelease('v26')).toBeNull();
    expect(generationOfRelease('')).toBeNull();
  });

  it('round-trips with FIRMWARE_RELEASES and the generation a status names', () => {
    for (const [generation, release] of Object.entries(FIRMWARE_RELEASES)) {
      expect(generationOfRelease(release)).toBe(generation);
      expect(
        firmwareGeneration({
          git_hash: release,
          ...(isCurrentFirmware(generation as 'v24' | 'v26')
            ? { git_branch: CURRENT_FIRMWARE_BRANCH }
            : {}),
        }),
      ).toBe(generation);
    }
  });
});

describe('dtuSerialText', () => {
  it('reads the serial as text whether it came as a string or a number', () => {
    expect(dtuSerialText('199980112345')).toBe('199980112345');
    expect(dtuSerialText(' 199980112345 ')).toBe('199980112345');
    expect(dtuSerialText(199980112345)).toBe('199980112345');
  });
});

describe('SOCKET_AUTH_SCHEME', () => {
  it('is Basic on the reference and Digest on current firmware', () => {
    expect(SOCKET_AUTH_SCHEME).toEqual({ v24: 'basic', v26: 'digest' });
  });
});
