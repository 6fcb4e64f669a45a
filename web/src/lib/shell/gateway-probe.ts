import { appUrl } from '../base-path';

/** Long enough for a busy device, short enough to tell "unreachable" soon. */
export const PROBE_TIMEOUT_MS = 5_000;

export type ProbeResult = 'same' | 'new' | 'unreachable';

const ENTRY = 'script[type="module"][src]';

/**
 * The entry module a page of the interface loads. Its file name carries the content hash of the
 * build, so two index.html files name the same entry exactly when they are the same build.
 */
export function entryOf(root: ParentNode): string | null {
  return root.querySelector(ENTRY)?.getAttribute('src') ?? null;
}

/**
 * Asks the gateway for its index.html (past the service worker's precache: the query string
 * keeps it out, and `no-store` out of the HTTP cache) and compares its entry with ours. Any
 * answer that is not the interface counts as unreachable (a proxy's 502, a restarting gateway).
 */
export async function probeGateway(): Promise<ProbeResult> {
  try {
    const answer = await fetch(appUrl('index.html?shell'), {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!answer.ok) return 'unreachable';
    const html = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const theirs = entryOf(html);
    const ours = entryOf(document);
    return theirs !== null && ours !== null && theirs !== ours ? 'new' : 'same';
  } catch {
    return 'unreachable';
  }
}
