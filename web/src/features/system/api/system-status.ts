import { queryOptions, useQuery } from '@/lib/query';
import type { SystemStatus } from '@heliodtu/contract/system';
import { apiGet } from '@/lib/api-client';

/**
 * GET api/system/status under ['system', 'status'] (architecture §6.4). Silent: a failed load
 * shows the page's error with Retry instead of leaving for the error page.
 */
export const systemStatusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => apiGet<SystemStatus>('api/system/status', { silent: true, signal }),
  // Ask even when the browser says it is offline: a LAN gateway may still answer, and if not,
  // the page shows the error with Retry instead of waiting for the browser to come online.
  networkMode: 'always',
});

export function useSystemStatus() {
  return useQuery(systemStatusQuery);
}
