import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { basePath } from '@/lib/base-path';

/** The router, working under the base path index.html found. */
export function Providers({ children }: { children: ReactNode }) {
  return <Router base={basePath()}>{children}</Router>;
}
