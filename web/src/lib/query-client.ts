import { QueryClient } from '@/lib/query';

/**
 * Server state defaults (architecture §6.4): no retries (a device answers or it does not), no
 * refetch on focus, status pages always fresh. The error policy itself lives in api-client.ts,
 * so calls outside the query module (uploads, login, stores) follow it too.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
