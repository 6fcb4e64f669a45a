import { queryOptions, useQuery } from '@/lib/query';
import type { MqttStatus } from '@heliodtu/contract/mqtt';
import { apiGet } from '@/lib/api-client';

/**
 * GET api/mqtt/status under ['mqtt', 'status'] (architecture §6.4). Silent: a failed load
 * shows the page's error with Retry instead of leaving for the error page.
 */
export const mqttStatusQuery = queryOptions({
  queryKey: ['mqtt', 'status'],
  queryFn: ({ signal }) => apiGet<MqttStatus>('api/mqtt/status', { silent: true, signal }),
  // Ask even when the browser says it is offline: a LAN gateway may still answer, and if not,
  // the page shows the error with Retry instead of waiting for the browser to come online.
  networkMode: 'always',
});

export function useMqttStatus() {
  return useQuery(mqttStatusQuery);
}
