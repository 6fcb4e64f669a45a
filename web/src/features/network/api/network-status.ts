import { queryOptions, useQuery } from '@/lib/query';
import type { NetworkStatus } from '@heliodtu/contract/network';
import { apiGet } from '@/lib/api-client';

/**
 * GET api/network/status under ['network', 'status'] (architecture §6.4). Silent: a failed load
 * shows the page's error with Retry instead of leaving for the error page.
 */
export const networkStatusQuery = queryOptions({
  queryKey: ['network', 'status'],
  queryFn: ({ signal }) => apiGet<NetworkStatus>('api/network/status', { silent: true, signal }),
  // Ask even when the browser says it is offline: a LAN gateway may still answer, and if not,
  // the page shows the error with Retry instead of waiting for the browser to come online.
  networkMode: 'always',
});

export function useNetworkStatus() {
  return useQuery(networkStatusQuery);
}
