import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useAuthStore } from '@/lib/auth-store';
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
