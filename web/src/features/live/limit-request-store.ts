import { create } from 'zustand';

/** A limit the user sent from the dialog, until the header has shown it confirmed (issue 15). */
export interface LimitRequest {
  readonly value: number;
  readonly relative: boolean;
  readonly persistent: boolean;
  /** Host time (ms) the gateway accepted it. */
  readonly sentAt: number;
}

export const useLimitRequestStore = create<{ requests: Readonly<Record<string, LimitRequest>> }>()(
  () => ({ requests: {} }),
);

export const limitRequestActions = {
  sent(serial: string, request: LimitRequest): void {
    useLimitRequestStore.setState((state) => ({
      requests: { ...state.requests, [serial]: request },
    }));
  },
  /** Forget it, unless a newer one was sent meanwhile. */
  done(serial: string, sentAt: number): void {
    useLimitRequestStore.setState((state) => {
      if (state.requests[serial]?.sentAt !== sentAt) return state;
      const { [serial]: _done, ...rest } = state.requests;
      return { requests: rest };
    });
  },
};
