/**
 * Which OpenDTU wire a device speaks: 'v24' is the reference this product was built from
 * (v24.11.7, wire-contract.md), 'v26' the current firmware with its changes (limit types,
 * Digest on the sockets, wire-current.md).
 */
export type FirmwareGeneration = 'v24' | 'v26';

/** Release majors from this one on count as current firmware: newer than the reference. */
const FIRST_CURRENT_MAJOR = 25;

/** The release tag at the start of a git_hash ("v26.3.30", "v24.11.7-3-gabc1234"), else null. */
export function releaseTagOf(gitHash: string): string | null {
  return /^v\d+(?:\.\d+){0,2}(?=$|-)/.exec(gitHash.trim())?.[0] ?? null;
}

/**
 * The generation of a device from its system status. By feature first, as wire-current.md
 * advises: `git_branch` exists only on current firmware. Then by the release tag; a build
 * named by a bare commit hash, without `git_branch`, is taken as the reference.
 */
export function firmwareGeneration(status: {
  git_hash: string;
  git_branch?: unknown;
}): FirmwareGeneration {
  if (typeof status.git_branch === 'string') return 'v26';
  const major = Number(/^v(\d+)/.exec(releaseTagOf(status.git_hash) ?? '')?.[1] ?? Number.NaN);
  return major >= FIRST_CURRENT_MAJOR ? 'v26' : 'v24';
}
