import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { basePath } from '@/lib/base-path';

/**
 * The router, working under the base path index.html found. On the gateway's server render
 * (`ssrPath`, ssr/render-live.tsx) there is no document: the path is given, the base is the root.
 */
export function Providers({ children, ssrPath }: { children: ReactNode; ssrPath?: string }) {
  if (ssrPath !== undefined) {
    return (
      <Router base="" ssrPath={ssrPath}>
        {children}
      </Router>
    );
  }
  return <Router base={basePath()}>{children}</Router>;
}
