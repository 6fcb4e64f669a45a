import { ApiError, authHeaders, handleUnauthorized } from './api-client';
import { appUrl } from './base-path';

/** The answer of HelioDTU's own settings endpoints (alerts, grid meter, export control). */
export interface FieldResult {
  ok: boolean;
  /** The field refused (dotted path), or '' when none. */
  field: string;
  /** One plain English line. */
  message: string;
}

function isResult(body: unknown): body is FieldResult {
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
 * POST `data` to an endpoint that answers `{ok, field, message}` also when it refuses (400), with
 * the field that was wrong, which the shared client would drop: read here. A failure without such
 * an answer becomes one with no field and the reason.
 */
export async function postForResult(path: string, data: unknown): Promise<FieldResult> {
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
