import { StrictMode, useEffect } from 'react';
import { App } from '@/app/app';

/** Runs `onDone` once the tree before it is hydrated (effects run after the hydration's commit). */
function AfterHydration({ onDone }: { onDone(): void }) {
  useEffect(onDone, [onDone]);
  return null;
}

const nothing = () => undefined;

/**
 * The tree of a server-rendered live page, the same on the gateway and in the browser: the
 * same shape keeps React's useId values equal on both sides (the tabs' ids).
 */
export function RenderedApp({
  ssrPath,
  onHydrated = nothing,
}: {
  ssrPath?: string;
  onHydrated?(): void;
}) {
  return (
    <StrictMode>
      <App {...(ssrPath !== undefined ? { ssrPath } : {})} />
      <AfterHydration onDone={onHydrated} />
    </StrictMode>
  );
}
