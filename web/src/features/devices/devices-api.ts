import type {
  DeviceAddRequest,
  DeviceDeleteRequest,
  DeviceEditRequest,
  DeviceList,
  DeviceOrderRequest,
  DeviceTestRequest,
} from '@heliodtu/contract/companion';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { apiGet, apiPost } from '@/lib/api-client';
import { failedSaveResult } from '@/lib/config-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@/lib/query';

/** The companion's Devices requests (issue 27, contract/src/companion.ts DEVICES_PATH). */
export const DEVICES_API = 'api/companion/devices';

const devicesQuery = queryOptions({
  queryKey: ['devices', 'list'],
  queryFn: ({ signal }) => apiGet<DeviceList>(DEVICES_API, { silent: true, signal, device: null }),
  gcTime: 0,
});

export function useDeviceList() {
  return useQuery(devicesQuery);
}

interface Requests {
  test: DeviceTestRequest;
  add: DeviceAddRequest;
  edit: DeviceEditRequest;
  del: DeviceDeleteRequest;
  order: DeviceOrderRequest;
}
export type DeviceAction = keyof Requests;

/**
 * One of the Devices screen's posts; answers the companion's result (a failed request as a
 * danger result, never thrown). A success other than a test reloads the list.
 */
export function useDeviceAction<A extends DeviceAction>(action: A) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (data: Requests[A]) => {
      try {
        return await apiPost<ApiResult>(`${DEVICES_API}/${action}`, data, {
          silent: true,
          device: null,
        });
      } catch (error) {
        return failedSaveResult(error);
      }
    },
    onSuccess: async (result) => {
      if (result.type === 'success' && action !== 'test') {
        await client.invalidateQueries({ queryKey: ['devices'] });
      }
    },
  });
}
