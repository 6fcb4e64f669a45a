import { useQuery } from '@tanstack/react-query';
import { PIN_MAPPING_FILE } from '@heliodtu/contract/limits';
import { ApiError, apiGet } from '@/lib/api-client';
import { parsePinMapping } from './pin-profiles';

/**
 * The profiles of pin_mapping.json (wire-contract §4.7). No file (404) is normal and means
 * only 'Default'; any other failure is the page's parse-error message (spec §8).
 */
export function usePinMapping() {
  return useQuery({
    queryKey: ['pinmapping'],
    queryFn: async ({ signal }) => {
      try {
        const json = await apiGet<unknown>('api/file/get', {
          query: { file: PIN_MAPPING_FILE },
          silent: true,
          signal,
        });
        return parsePinMapping(json);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    gcTime: 0,
  });
}
