import { useMutation, useQueryClient } from '@/lib/query';
import type {
  AlertsConfig,
  AlertsConfigData,
  AlertsResult,
  AlertsTestData,
} from '@heliodtu/contract/alerts';
import { ApiError, authHeaders, handleUnauthorized } from '@/lib/api-client';
import { appUrl } from '@/lib/base-path';
import { useConfig } from '@/lib/config-api';

export const ALERTS_AREA = 'alerts';

/** GET api/alerts/config (admin): the settings with the secrets replaced by whether they are set. */
export function useAlertsConfig() {
  return useConfig<AlertsConfig>(ALERTS_AREA);
}

function isResult(body: unknown): body is AlertsResult {
  return (
    typeof body === 'object' &&
    body !== null &&
    'ok' in body &&
    typeof body.ok === 'boolean' &&
    'field' in body &&
    typeof body.field === 'string'
  );
}

/**
 * POST `data` to an alerts endpoint. These answer `{ok, field, message}` also when they refuse
 * (400), with the field that was wrong, which the shared client would drop: read here. A failure
 * without such an answer becomes one with no field and the reason.
 */
export async function postAlerts(path: string, data: unknown): Promise<AlertsResult> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  let response: Response;
  try {
    response = await fetch(appUrl(path), { method: 'POST', headers: authHeaders(), body: form });
  } catch (cause) {
    return {
      ok: false,
      field: '',
      message: cause instanceof Error ? cause.message : String(cause),
    };
  }
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(response.statusText || 'Unauthorized', 401);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isResult(body)) return body;
  return { ok: false, field: '', message: `HTTP ${response.status} ${response.statusText}`.trim() };
}

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
