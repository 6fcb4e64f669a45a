import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useAuthStore } from '@/lib/auth-store';
import { readAccessOpen } from '@/lib/early-start';
import { loginPathWithReturn } from '@/lib/navigation';

/** Sends a logged-out visitor to /login with the current path as returnUrl (spec §2, §6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const [location] = useLocation();
  const search = useSearch();
  if (!isLoggedIn) {
    return (
      <Redirect to={loginPathWithReturn(search ? `${location}?${search}` : location)} replace />
    );
  }
  return children;
}

/**
 * For screens that anonymous visitors may read while the gateway allows it (allow_readonly):
 * when the gateway said it does not (lib/early-start.ts), a logged-out visitor goes to /login
 * at once instead of meeting a 401 (issue 13).
 */
export function RequireReadAccess({ children }: { children: ReactNode }) {
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  if (!isLoggedIn && !readAccessOpen()) return <RequireAuth>{children}</RequireAuth>;
  return children;
}
