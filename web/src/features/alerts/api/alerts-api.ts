import { useMutation, useQueryClient } from '@/lib/query';
import type {
  AlertsConfig,
  AlertsConfigData,
  AlertsResult,
  AlertsTestData,
} from '@heliodtu/contract/alerts';
import { useConfig } from '@/lib/config-api';
import { postForResult } from '@/lib/result-post';

export const ALERTS_AREA = 'alerts';

/** GET api/alerts/config (admin): the settings with the secrets replaced by whether they are set. */
export function useAlertsConfig() {
  return useConfig<AlertsConfig>(ALERTS_AREA);
}

/** POST `data` to an alerts endpoint; its `{ok, field, message}` is read also on a refusal. */
export const postAlerts = (path: string, data: unknown): Promise<AlertsResult> =>
  postForResult(path, data);

export function useSaveAlertsConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: AlertsConfigData) => postAlerts('api/alerts/config', data),
    onSuccess: async (result) => {
      if (result.ok) await client.invalidateQueries({ queryKey: [ALERTS_AREA] });
    },
  });
}

export function useTestAlerts() {
  return useMutation({
    mutationFn: (data: AlertsTestData) => postAlerts('api/alerts/test', data),
  });
}
