import { create } from 'zustand';
import { STORAGE_KEYS, storage } from './storage-keys';

/**
 * Whether the gateway answers: the one source every notice reads (issue 23), so the live view
 * and the shell's notice at the bottom never disagree. Written by whoever learns it first: the
 * page served by the service worker's fallback, every API call (api-client.ts), the live socket,
 * the shell's probe and the browser's offline event.
 */
export interface GatewayReachState {
  /** When the gateway last answered (ms) as of its loss, kept across visits; null if never. */
  seenAt: number | null;
  /** The last try got no answer (offline, the gateway restarting or out of reach). */
  unreachable: boolean;
}

/**
 * Set on <html> by the service worker when it serves the precached page because the gateway did
 * not answer the navigation (web/build/service-worker.ts): the page knows before any request.
 */
export const SHELL_FALLBACK_ATTRIBUTE = 'data-shell-fallback';

/** The last answer is stored at most this often while answers flow (localStorage is synchronous). */
const STORE_EVERY_MS = 30_000;

function storedSeenAt(): number | null {
  const value = Number(storage.get(STORAGE_KEYS.gatewaySeenAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

const servedByFallback = () =>
  typeof document !== 'undefined' &&
  document.documentElement.hasAttribute(SHELL_FALLBACK_ATTRIBUTE);

// Every answer moves this, without a store update: the time is shown only once it is lost.
let heardAt = storedSeenAt();
let storedAt = heardAt ?? 0;

function store(at: number | null): void {
  if (at === null || at <= storedAt) return;
  storage.set(STORAGE_KEYS.gatewaySeenAt, String(at));
  storedAt = at;
}

export const useGatewayReach = create<GatewayReachState>()(() => ({
  seenAt: heardAt,
  unreachable: servedByFallback(),
}));

export const gatewayReach = {
  /** The gateway answered at `at` (ms): cheap enough for every socket message. */
  answered(at = Date.now()): void {
    if (heardAt === null || at > heardAt) heardAt = at;
    if (heardAt - storedAt >= STORE_EVERY_MS) store(heardAt);
    if (useGatewayReach.getState().unreachable) {
      useGatewayReach.setState({ seenAt: heardAt, unreachable: false });
    }
  },
  /** A try got no answer. */
  lost(): void {
    store(heardAt);
    useGatewayReach.setState({ seenAt: heardAt, unreachable: true });
  },
  /** Back to what a new visit starts with (tests). */
  reset(): void {
    heardAt = storedSeenAt();
    storedAt = heardAt ?? 0;
    useGatewayReach.setState({ seenAt: heardAt, unreachable: servedByFallback() });
  },
};

/** An HTTP status of a failed call that means the gateway gave no answer: none, or a proxy's. */
export const isNoAnswer = (status: number): boolean =>
  status === 0 || status === 502 || status === 503 || status === 504;
