import {
  parseGitHash,
  updateStatusOf,
  versionCompareApiUrl,
} from '@heliodtu/contract/domain/git-hash';

/** The version badge's states, spec §4: new version (red, with link), up to date (green), error (grey). */
export type VersionCheck =
  | { status: 'new-version'; url: string; commits: number }
  | { status: 'up-to-date' }
  | { status: 'error' };

/** The code host gets this long before the check counts as failed (an offline LAN never answers). */
export const VERSION_CHECK_TIMEOUT_MS = 8_000;

interface CompareAnswer {
  total_commits?: unknown;
  html_url?: unknown;
}

/**
 * Asks the public code host how far the running build is behind (spec §1, §7: the compare API,
 * base hash against HEAD). Never throws and never hangs: offline, timeout, refusal, a rate limit
 * or an odd answer all end as 'error'. While the browser knows it is offline nothing is sent,
 * so no failed request shows up in the console.
 */
export async function checkVersion(
  gitHash: string,
  {
    signal,
    timeoutMs = VERSION_CHECK_TIMEOUT_MS,
  }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<VersionCheck> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { status: 'error' };
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  signal?.addEventListener('abort', abort);
  try {
    const response = await fetch(versionCompareApiUrl(parseGitHash(gitHash)), {
      signal: controller.signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { Accept: 'application/vnd.github+json' },
    });
    if (!response.ok) return { status: 'error' };
    const answer = (await response.json()) as CompareAnswer;
    const commits = answer.total_commits;
    if (typeof commits !== 'number' || !Number.isFinite(commits)) return { status: 'error' };
    if (updateStatusOf(commits) === 'up-to-date') return { status: 'up-to-date' };
    const url = typeof answer.html_url === 'string' ? answer.html_url : '';
    // Only a link to the code host itself is offered (the answer is not ours to trust blindly).
    if (!url.startsWith('https://github.com/')) return { status: 'error' };
    return { status: 'new-version', url, commits };
  } catch {
    return { status: 'error' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
