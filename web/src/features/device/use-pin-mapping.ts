import { useQuery } from '@/lib/query';
import { parsePinMappingFile } from '@heliodtu/contract/domain/pin-mapping-file';
import { PIN_MAPPING_FILE } from '@heliodtu/contract/limits';
import { ApiError, apiGet } from '@/lib/api-client';

/**
 * The profiles of pin_mapping.json (wire-contract §4.7). No file is normal and means only
 * 'Default'; any other failure is the page's parse-error message (spec §8). The file list is
 * asked first, so a device without the file shows no failed request in the browser console;
 * a 404 (the file went away meanwhile) still counts as no file.
 */
export function usePinMapping() {
  return useQuery({
    queryKey: ['pinmapping'],
    queryFn: async ({ signal }) => {
      const files = await apiGet<{ name: string }[]>('api/file/list', { silent: true, signal });
      if (!files.some((file) => file.name === PIN_MAPPING_FILE)) return [];
      try {
        const json = await apiGet<unknown>('api/file/get', {
          query: { file: PIN_MAPPING_FILE },
          silent: true,
          signal,
        });
        return parsePinMappingFile(json);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    gcTime: 0,
  });
}
