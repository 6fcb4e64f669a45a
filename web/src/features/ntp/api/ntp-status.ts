import { queryOptions, useQuery } from '@/lib/query';
import type { NtpStatus } from '@heliodtu/contract/ntp';
import { apiGet } from '@/lib/api-client';

/**
 * GET api/ntp/status under ['ntp', 'status'] (architecture §6.4). Silent: a failed load
 * shows the page's error with Retry instead of leaving for the error page.
 */
export const ntpStatusQuery = queryOptions({
  queryKey: ['ntp', 'status'],
  queryFn: ({ signal }) => apiGet<NtpStatus>('api/ntp/status', { silent: true, signal }),
  // Ask even when the browser says it is offline: a LAN gateway may still answer, and if not,
  // the page shows the error with Retry instead of waiting for the browser to come online.
  networkMode: 'always',
});

export function useNtpStatus() {
  return useQuery(ntpStatusQuery);
}
