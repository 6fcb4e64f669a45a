import { useMutation, useQuery, useQueryClient } from '@/lib/query';
import type { ApiResult } from '@heliodtu/contract/envelope';
import type { NtpTime, NtpTimeData } from '@heliodtu/contract/ntp';
import { apiGet, apiPost } from '@/lib/api-client';
import { failedSaveResult } from '@/lib/config-api';

// Under the NTP area, so a saved time zone (which moves the device's local time) refetches it.
const NTP_TIME_KEY = ['ntp', 'time'] as const;

/** GET api/ntp/time: the device's local wall time in parts (wire-contract §4.9). */
export function useNtpTime() {
  return useQuery({
    queryKey: NTP_TIME_KEY,
    queryFn: ({ signal }) => apiGet<NtpTime>('api/ntp/time', { silent: true, signal }),
    gcTime: 0,
  });
}

/** POST api/ntp/time, then the device time is asked again (spec §4: sync, then reload). */
export function useSetNtpTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (time: NtpTimeData) => {
      try {
        return await apiPost<ApiResult>('api/ntp/time', time, { silent: true });
      } catch (error) {
        return failedSaveResult(error);
      }
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: NTP_TIME_KEY });
    },
  });
}
