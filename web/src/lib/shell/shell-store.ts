import { create } from 'zustand';

export interface ShellState {
  /** The gateway serves another build of the interface than the one running here. */
  updateReady: boolean;
}

/**
 * The state of the installable shell (issue 16): a waiting new version. Whether the gateway
 * answers is lib/gateway-reach.ts, shared with the live view.
 */
export const useShellStore = create<ShellState>()(() => ({ updateReady: false }));

export const shellActions = {
  updateFound(): void {
    useShellStore.setState({ updateReady: true });
  },
};
