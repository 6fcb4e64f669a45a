import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { QueryClientProvider } from './hooks';
import { QueryClient } from './query-cache';

/** A promise the test settles by hand, to look at the state while a fetch is running. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A fresh client (the app's defaults) and a wrapper for renderHook. */
export function setup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/** Lets pending promises (and, with fake timers, due 0 ms timers) run, inside act. */
export const flush = () =>
  act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });
