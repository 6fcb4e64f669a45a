import { useQuery } from '@/lib/query';
import { apiGet } from '@/lib/api-client';

/** /zones.json: IANA name → POSIX TZ string (wire-contract §4.9); static, no login needed. */
export type ZoneMap = Record<string, string>;

/**
 * The time zone list, asked once per visit to the app: it only changes with the firmware. Silent:
 * without it the page still shows and saves the configured zone.
 */
export function useZones() {
  return useQuery({
    queryKey: ['zones'],
    queryFn: ({ signal }) => apiGet<ZoneMap>('zones.json', { silent: true, signal }),
    staleTime: Infinity,
  });
}
