import { useSyncExternalStore } from 'react';
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';

export type RenderedStore<T> = StoreApi<T> & {
  (): T;
  <U>(selector: (state: T) => U): U;
};

const identity = <T>(state: T) => state;

/**
 * A zustand store whose server snapshot is its current state, not its initial one (zustand's
 * own hook reads the initial state there). Server rendering sets such a store right before it
 * renders, and the browser sets it to the same values before it hydrates (ssr/hydrate-live.ts),
 * so both render the same markup. Used by the stores a server-rendered live page fills: the
 * live data and the language.
 */
export function createRenderedStore<T>(creator: StateCreator<T, [], []>): RenderedStore<T> {
  const api = createStore<T>()(creator);
  function useRenderedStore<U>(selector: (state: T) => U = identity as (state: T) => U): U {
    const read = () => selector(api.getState());
    return useSyncExternalStore(api.subscribe, read, read);
  }
  return Object.assign(useRenderedStore, api) as RenderedStore<T>;
}
