import { queryOptions, useMutation, useQuery, useQueryClient } from '@/lib/query';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { apiGet, apiPost } from './api-client';
import { failureReason } from './device-problem-text';
import { translate } from './i18n/use-t';

/**
 * The read and save pair of one settings area (architecture §6.4): `GET api/<area>/config`
 * under the key [area, 'config'], and a save that posts the whole object and, on success,
 * refetches the area so the form shows what the gateway kept.
 *
 * Loads are silent: a page shows a failed load itself, with Retry, instead of leaving for the
 * error page (a 401 still goes to the login, in api-client).
 */
export function configQuery<T>(area: string, path = `api/${area}/config`) {
  return queryOptions({
    queryKey: [area, 'config'],
    queryFn: ({ signal }) => apiGet<T>(path, { silent: true, signal }),
    // A form must start from what the gateway holds now: no cached copy shown on a later visit
    // (it would be replaced by the fresh answer under the user's fingers).
    gcTime: 0,
  });
}

export function useConfig<T>(area: string, path?: string) {
  return useQuery(configQuery<T>(area, path));
}

/** A result to show for a save that never got an answer (network down, gateway away). */
export function failedSaveResult(error: unknown): ApiResult {
  return {
    type: 'danger',
    message: translate('saving.SaveFailed', { reason: failureReason(error) }),
  };
}

/** What a save posts, and to which device behind a companion (null for none, issue 27). */
export interface SaveRequest<D> {
  data: D;
  device: string | null;
}

export function useSaveConfig<D>(area: string, path = `api/${area}/config`) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ data, device }: SaveRequest<D>) => {
      try {
        return await apiPost<ApiResult>(path, data, { silent: true, device });
      } catch (error) {
        return failedSaveResult(error);
      }
    },
    onSuccess: async (result) => {
      if (result.type === 'success') await client.invalidateQueries({ queryKey: [area] });
    },
  });
}
