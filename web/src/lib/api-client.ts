import {
  DEVICE_PROBLEM_HEADER,
  isDeviceProblemCode,
  type DeviceProblemCode,
} from '@heliodtu/contract/device-problem';
import { appUrl, currentAppPath } from './base-path';
import { deviceScopedPath } from './device-scope';
import { gatewayReach, isNoAnswer } from './gateway-reach';
import { loginPathWithReturn, navigateTo } from './navigation';
import { PATHS } from './paths';
import { clearStoredUser, readStoredUser } from './session';

/** A failed call: HTTP status (0 when the network failed) and a message (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds from a Retry-After header (429 after too many failed logins); else undefined. */
    readonly retryAfterSeconds?: number,
    /**
     * Set when a companion answered for an OpenDTU that did not (issue 24): why, as a code the
     * screens put in plain words (lib/device-problem-text.ts). The gateway itself is there.
     */
    readonly deviceProblem?: DeviceProblemCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The device problem a companion marked its answer with, if any (unknown codes count too). */
function deviceProblemOf(response: Response): DeviceProblemCode | 'unknown' | undefined {
  const marked = response.headers.get(DEVICE_PROBLEM_HEADER);
  if (marked === null) return undefined;
  return isDeviceProblemCode(marked) ? marked : 'unknown';
}

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** No navigation to /error on failure; the caller handles it (languages, version check, …). */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The device behind a companion the request is for (issue 27): null for none, absent for the
   * device of the screen shown (lib/device-scope.ts). A save passes the device its form loaded
   * from, so it can never land on another.
   */
  device?: string | null;
}

interface LowLevelOptions extends RequestOptions {
  method: 'GET' | 'POST';
  body?: BodyInit;
  /** Credentials to send instead of the stored ones (login). */
  authdata?: string;
  /** false: a 401 is only thrown, without the logout policy (login, wait page). */
  handle401?: boolean;
}

/** The headers every call carries (spec §7): X-Requested-With, and Basic auth when logged in. */
export function authHeaders(authdata = readStoredUser()?.authdata): Record<string, string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (authdata) headers['Authorization'] = `Basic ${authdata}`;
  return headers;
}

/** The 401 policy (spec §8): clear the session (emits logged-out), then /login?returnUrl=. */
export function handleUnauthorized(): void {
  clearStoredUser();
  if (!currentAppPath().startsWith(PATHS.login)) navigateTo(loginPathWithReturn());
}

/** Any other failure goes to the error page unless the call is silent (spec §8). */
export function showErrorPage(error: ApiError): void {
  const query = new URLSearchParams({ status: String(error.status), message: error.message });
  navigateTo(`${PATHS.error}?${query.toString()}`);
}

function buildUrl(
  path: string,
  query: Record<string, QueryValue> | undefined,
  device: string | null | undefined,
): string {
  const url = new URL(appUrl(deviceScopedPath(path, device)));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.href;
}

function messageOf(text: string, fallback: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && 'message' in body) {
      if (typeof body.message === 'string' && body.message) return body.message;
    }
  } catch {
    // Not JSON: the status text tells more than the body.
  }
  return fallback;
}

/** Whole seconds of a Retry-After header given in seconds; undefined without one. */
function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

/** One HTTP call with the response policy of spec §7/§8. Paths are relative: 'api/ntp/status'. */
export async function apiRequest<T>(path: string, options: LowLevelOptions): Promise<T> {
  const { method, body, query, silent = false, signal, authdata, handle401 = true } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query, options.device), {
      method,
      headers: authHeaders(authdata),
      ...(body === undefined ? {} : { body }),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    return failed(cause, silent);
  }
  return readAnswer<T>(response, path, { silent, handle401 });
}

/**
 * The answer to a request started elsewhere (index.html's early requests, lib/early-start.ts),
 * under the same policy as apiGet.
 */
export async function apiAnswer<T>(
  request: Promise<Response>,
  path: string,
  options: Pick<RequestOptions, 'silent'> = {},
): Promise<T> {
  const { silent = false } = options;
  let response: Response;
  try {
    response = await request;
  } catch (cause) {
    return failed(cause, silent);
  }
  return readAnswer<T>(response, path, { silent, handle401: true });
}

/** No answer at all (offline, refused, reset): said to every notice, then thrown. */
function failed(cause: unknown, silent: boolean): never {
  gatewayReach.lost();
  const error = new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
  if (!silent) showErrorPage(error);
  throw error;
}

async function readAnswer<T>(
  response: Response,
  path: string,
  { silent, handle401 }: { silent: boolean; handle401: boolean },
): Promise<T> {
  const deviceProblem = deviceProblemOf(response);
  // A companion's 502/503/504 for its device is an answer: the companion is there.
  if (isNoAnswer(response.status) && deviceProblem === undefined) gatewayReach.lost();
  else gatewayReach.answered();
  if (response.status === 401) {
    if (handle401) handleUnauthorized();
    throw new ApiError(response.statusText || 'Unauthorized', 401);
  }
  const text = await response.text();
  if (!response.ok) {
    const error = new ApiError(
      messageOf(text, response.statusText),
      response.status,
      retryAfterOf(response),
      deviceProblem === 'unknown' ? undefined : deviceProblem,
    );
    if (!silent) showErrorPage(error);
    throw error;
  }
  if (text.trim() === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A proxy or an old device answered something else (often the SPA page).
    const error = new ApiError(`Unexpected answer from ${path}`, response.status);
    if (!silent) showErrorPage(error);
    throw error;
  }
}

/** GET a JSON answer. */
export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}

/** POST `data` as the one form field the device reads (spec §7); answers the result envelope. */
export function apiPost<T>(path: string, data: unknown, options: RequestOptions = {}): Promise<T> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  return apiRequest<T>(path, { ...options, method: 'POST', body: form });
}
