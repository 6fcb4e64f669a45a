import { useEffect } from 'react';

let pending: (() => void) | undefined;

/**
 * Runs `callback` once the first screen's page frame is hydrated (issue 26). The screens sit in a
 * Suspense boundary, which React hydrates after the shell around it, so an effect at the root
 * would run too early: the frame (components/layout/page.tsx) calls usePageHydrated().
 */
export function whenPageHydrated(callback: () => void): void {
  pending = callback;
}

/** In the page frame: runs what waited for the first hydrated page, once. */
export function usePageHydrated(): void {
  useEffect(() => {
    const callback = pending;
    pending = undefined;
    callback?.();
  }, []);
}
