import { useQuery } from '@/lib/query';
import type { NtpConfig } from '@heliodtu/contract/ntp';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

/**
 * The location and sun-set type are in GET api/ntp/config only, which needs the admin login.
 * Asked beside the status (same round) when logged in; a refusal just hides those rows: it must
 * neither log the user out nor fail the page, since the status alone is a complete answer.
 */
export function useNtpInfoConfig() {
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  return useQuery({
    queryKey: ['ntp', 'config', 'info'],
    queryFn: ({ signal }) =>
      apiRequest<NtpConfig>('api/ntp/config', {
        method: 'GET',
        silent: true,
        handle401: false,
        signal,
      }),
    enabled: isLoggedIn,
    networkMode: 'always',
  });
}
