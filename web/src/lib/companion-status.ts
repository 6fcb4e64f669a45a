import type { CompanionDevice, CompanionStatus } from '@heliodtu/contract/companion';
import { apiRequest } from './api-client';
import { queryOptions, useQuery, type Query } from './query';

/**
 * Whether this gateway is a companion in front of a real OpenDTU (issue 24, a HelioDTU
 * extension), and the device it stands in front of. The simulated gateway says "no"; a real
 * device answers the path like an unknown one (its index.html): both mean nothing new shows.
 * Lives in lib because System info and the live view both read it.
 */
export const COMPANION_STATUS_API = 'api/companion/status';

function isCompanionStatus(body: unknown): body is CompanionStatus {
  return (
    typeof body === 'object' &&
    body !== null &&
    'companion' in body &&
    body.companion === true &&
    'devices' in body &&
    Array.isArray(body.devices) &&
    body.devices.length > 0
  );
}

export const companionStatusQuery = queryOptions({
  queryKey: ['companion', 'status'],
  queryFn: async ({ signal }): Promise<CompanionDevice | null> => {
    const body = await apiRequest<unknown>(COMPANION_STATUS_API, {
      method: 'GET',
      silent: true,
      handle401: false,
      signal,
    }).catch(() => null);
    return isCompanionStatus(body) ? (body.devices[0] ?? null) : null;
  },
  networkMode: 'always',
});

/**
 * The device behind this companion; null on any other gateway (and always in the firmware
 * build). `pollMs` asks again that often, but only a companion: any other gateway is asked once.
 */
export function useCompanionDevice(pollMs?: number): CompanionDevice | null {
  const { data } = useQuery<CompanionDevice | null>({
    ...companionStatusQuery,
    // The firmware build is the device's own interface: never a companion.
    enabled: import.meta.env.MODE !== 'firmware',
    ...(pollMs
      ? {
          refetchInterval: (query: Query<CompanionDevice | null>) =>
            query.state.data ? pollMs : false,
        }
      : {}),
  });
  return data ?? null;
}
