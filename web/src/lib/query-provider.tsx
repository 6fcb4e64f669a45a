import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@/lib/query';
import { createQueryClient } from './query-client';

// One cache for the whole visit, shared by every screen that uses server state.
const queryClient = createQueryClient();

/**
 * Server state (lib/query) for one screen. The router loads it together with the screens that need it,
 * so the first load of the live view does not carry it (budget, architecture "Decisions").
 */
export function QueryProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
