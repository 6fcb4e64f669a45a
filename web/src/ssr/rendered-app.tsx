import { StrictMode } from 'react';
import { App } from '@/app/app';

/**
 * The tree of a server-rendered live page, the same on the gateway and in the browser: the
 * same shape keeps React's useId values equal on both sides (the tabs' ids).
 */
export function RenderedApp({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <App {...(ssrPath !== undefined ? { ssrPath } : {})} />
    </StrictMode>
  );
}
