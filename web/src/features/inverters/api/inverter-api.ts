import { queryOptions, useMutation, useQuery, useQueryClient } from '@/lib/query';
import type { ApiResult } from '@heliodtu/contract/envelope';
import type {
  Inverter,
  InverterAddRequest,
  InverterDeleteRequest,
  InverterEditRequest,
  InverterList,
  InverterOrderRequest,
} from '@heliodtu/contract/inverter';
import { apiGet, apiPost } from '@/lib/api-client';
import { failedSaveResult } from '@/lib/config-api';

const LIST_KEY = ['inverter', 'list'] as const;

/** The device lists slots in slot order; the screen shows them by `order` (wire-contract §4.3). */
export function sortByOrder(inverters: readonly Inverter[]): Inverter[] {
  return [...inverters].sort((a, b) => a.order - b.order || a.id - b.id);
}

export const inverterQueries = {
  list: () =>
    queryOptions({
      queryKey: LIST_KEY,
      // Silent: the page shows a failed load with Retry instead of leaving for the error page.
      queryFn: ({ signal }) => apiGet<InverterList>('api/inverter/list', { silent: true, signal }),
      select: (answer) => sortByOrder(answer.inverter),
      gcTime: 0,
    }),
};

export function useInverterList() {
  return useQuery(inverterQueries.list());
}

interface Requests {
  add: InverterAddRequest;
  edit: InverterEditRequest;
  del: InverterDeleteRequest;
  order: InverterOrderRequest;
}

/**
 * One of the four inverter writes. The list is fetched again after every answer, success or
 * not (issue: "the list reloads after every result"), so the table never shows a stale state.
 */
export function useInverterAction<A extends keyof Requests>(action: A) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (data: Requests[A]): Promise<ApiResult> => {
      try {
        return await apiPost<ApiResult>(`api/inverter/${action}`, data, { silent: true });
      } catch (error) {
        return failedSaveResult(error);
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}
