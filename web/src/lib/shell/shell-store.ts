import { create } from 'zustand';
import { STORAGE_KEYS, storage } from '../storage-keys';

export interface ShellState {
  /** When the gateway last answered (ms), kept across visits; null when never seen. */
  seenAt: number | null;
  /** The last probe found no gateway (offline, or the gateway restarting or out of reach). */
  unreachable: boolean;
  /** The gateway serves another build of the interface than the one running here. */
  updateReady: boolean;
}

function storedSeenAt(): number | null {
  const value = Number(storage.get(STORAGE_KEYS.gatewaySeenAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The state of the installable shell (issue 16): reachability and a waiting new version. */
export const useShellStore = create<ShellState>()(() => ({
  seenAt: storedSeenAt(),
  unreachable: false,
  updateReady: false,
}));

export const shellActions = {
  reached(at = Date.now()): void {
    storage.set(STORAGE_KEYS.gatewaySeenAt, String(at));
    useShellStore.setState({ seenAt: at, unreachable: false });
  },
  lost(): void {
    useShellStore.setState({ unreachable: true });
  },
  updateFound(): void {
    useShellStore.setState({ updateReady: true });
  },
};
