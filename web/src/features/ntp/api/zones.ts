import { useQuery } from '@/lib/query';
import { ApiError, apiGet } from '@/lib/api-client';

/** IANA name → POSIX TZ string (wire-contract §4.9); the same shape from both sources. */
export type ZoneMap = Record<string, string>;

/**
 * Where the list lives: v26 firmware answers `GET api/ntp/zones`; v24 serves only the file
 * `zones.json` of its web layout (wire-current §2). The endpoint is asked first.
 */
export const ZONE_SOURCES = ['api/ntp/zones', 'zones.json'] as const;
type ZoneSource = (typeof ZONE_SOURCES)[number];

/** sessionStorage: the source that answered, so an old device is asked once per visit, not twice. */
export const ZONE_SOURCE_KEY = 'zonesSource';

function rememberedSource(): ZoneSource | undefined {
  try {
    const value = window.sessionStorage.getItem(ZONE_SOURCE_KEY);
    return ZONE_SOURCES.find((source) => source === value);
  } catch {
    return undefined;
  }
}

function remember(source: ZoneSource): void {
  try {
    window.sessionStorage.setItem(ZONE_SOURCE_KEY, source);
  } catch {
    // Storage disabled: the next visit asks the endpoint first again, no harm.
  }
}

/**
 * "Not here, try the other": a 404 (our gateway), or a 2xx that is no JSON: a real v24 device
 * answers any unknown path with its web page (wire-contract §4.17), and apiGet reports that as
 * an unexpected answer with the page's status. Anything else (offline, 5xx, 401) is a real
 * failure and is not hidden behind the other source.
 */
function isMissing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || (error.status >= 200 && error.status < 300);
}

function isZoneMap(answer: unknown): answer is ZoneMap {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    !Array.isArray(answer) &&
    Object.values(answer).every((value) => typeof value === 'string')
  );
}

/** The zone list from the remembered source, else the endpoint, then the file. */
export async function fetchZones(signal?: AbortSignal): Promise<ZoneMap> {
  const first = rememberedSource() ?? ZONE_SOURCES[0];
  // The remembered one first; the other still answers if the device was updated meanwhile.
  const order = [first, ...ZONE_SOURCES.filter((source) => source !== first)];
  let lastError: unknown;
  for (const source of order) {
    try {
      const answer = await apiGet<unknown>(source, { silent: true, ...(signal ? { signal } : {}) });
      if (!isZoneMap(answer)) throw new ApiError(`Unexpected answer from ${source}`, 200);
      remember(source);
      return answer;
    } catch (error) {
      if (!isMissing(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * The time zone list, asked once per visit to the app: it only changes with the firmware. Silent:
 * without it the page still shows and saves the configured zone.
 */
export function useZones() {
  return useQuery({
    queryKey: ['zones'],
    queryFn: ({ signal }) => fetchZones(signal),
    staleTime: Infinity,
  });
}
