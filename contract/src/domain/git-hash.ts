/** A system-status git_hash split into what it names, wire-contract §4.11. */
export interface GitRef {
  /** Commit hash without its "g" marker, or the release tag as sent. */
  readonly ref: string;
  /** True for a commit hash, false for a release tag such as "v24.11.7". */
  readonly isHash: boolean;
}

/**
 * Parses git_hash ("v24.11.7", "v24.11.7-3-gabc1234", "gabc1234"): a leading "g" marks a hash
 * and is removed; a describe string is cut after its last dash, spec §9 / wire-contract §4.11.
 */
export function parseGitHash(gitHash: string): GitRef {
  const dash = gitHash.lastIndexOf('-');
  if (dash >= 0) {
    const tail = gitHash.slice(dash + 1);
    return { ref: tail.startsWith('g') ? tail.slice(1) : tail, isHash: true };
  }
  if (gitHash.startsWith('g')) return { ref: gitHash.slice(1), isHash: true };
  return { ref: gitHash, isHash: false };
}

/** True when git_hash names a commit rather than a release tag (the webapp's git_is_hash), wire-contract §4.11. */
export function isGitHash(gitHash: string): boolean {
  return parseGitHash(gitHash).isHash;
}

/** Numeric parts of a release tag "v24.11.7" (the "v" and missing parts optional), integrations §7.5. */
export function parseVersionTag(tag: string): readonly number[] | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(tag.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** Orders two release tags: negative, 0 or positive like a sort comparator; null if either is no tag, integrations §7.5. */
export function compareVersionTags(a: string, b: string): number | null {
  const left = parseVersionTag(a);
  const right = parseVersionTag(b);
  if (!left || !right) return null;
  for (let i = 0; i < 3; i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** Repository the version check asks by default, wire-contract §4.11. */
export const UPSTREAM_REPO = 'tbnobody/OpenDTU';

/** Page about the running build: the commit for a hash, the release for a tag, wire-contract §4.11. */
export function versionInfoUrl(gitRef: GitRef, repo: string = UPSTREAM_REPO): string {
  const path = gitRef.isHash ? 'commits' : 'releases/tag';
  return `https://github.com/${repo}/${path}/${encodeURIComponent(gitRef.ref)}`;
}

/** Compare API call answering how far the build is behind (reads total_commits, html_url), spec §1 / wire-contract §4.11. */
export function versionCompareApiUrl(gitRef: GitRef, repo: string = UPSTREAM_REPO): string {
  return `https://api.github.com/repos/${repo}/compare/${encodeURIComponent(gitRef.ref)}...HEAD`;
}

/** Version badge from the compare answer: behind when total_commits > 0, spec §4. */
export function updateStatusOf(totalCommits: number): 'new-version' | 'up-to-date' {
  return totalCommits > 0 ? 'new-version' : 'up-to-date';
}
