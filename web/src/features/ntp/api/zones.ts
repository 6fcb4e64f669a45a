import { releaseTagOf, firmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import { useQuery } from '@/lib/query';
import { ApiError, apiGet } from '@/lib/api-client';
import { fetchCompanionDevices } from '@/lib/companion-status';
import { currentScreenDevice } from '@/lib/device-scope';

/** IANA name → POSIX TZ string (wire-contract §4.9); the same shape from both sources. */
export type ZoneMap = Record<string, string>;

/**
 * Where the list lives: v26 firmware answers `GET api/ntp/zones`; v24 serves only the file
 * `zones.json` of its web layout (wire-current §2). The endpoint is asked first,
 * unless the device's firmware is known. A companion answers both for each device (issue 34):
 * the endpoint is the device's (a v24 device's is a 404 there), the file its own table.
 */
export const ZONE_SOURCES = ['api/ntp/zones', 'zones.json'] as const;
type ZoneSource = (typeof ZONE_SOURCES)[number];

/**
 * sessionStorage: the source that answered, so an old device is asked once per visit, not
 * twice; per device behind a companion with several (`zonesSource:<id>`), since v24 and v26
 * devices may stand side by side.
 */
export const ZONE_SOURCE_KEY = 'zonesSource';
const sourceKey = (device: string | null) =>
  device === null ? ZONE_SOURCE_KEY : `${ZONE_SOURCE_KEY}:${device}`;

function rememberedSource(device: string | null): ZoneSource | undefined {
  try {
    const value = window.sessionStorage.getItem(sourceKey(device));
    return ZONE_SOURCES.find((source) => source === value);
  } catch {
    return undefined;
  }
}

function remember(device: string | null, source: ZoneSource): void {
  try {
    window.sessionStorage.setItem(sourceKey(device), source);
  } catch {
    // Storage disabled: the next visit asks the endpoint first again, no harm.
  }
}

/**
 * The source the device has by its firmware, when a companion names it (its device list carries
 * each device's git_hash): a v24 device behind a companion is then not asked for the endpoint it
 * lacks, which would be a 404 in the browser's console. Undefined anywhere else (the firmware
 * build is the device's own interface) and for a build named by a bare commit hash.
 */
async function sourceByFirmware(device: string | null): Promise<ZoneSource | undefined> {
  if (import.meta.env.MODE === 'firmware') return undefined;
  const devices = await fetchCompanionDevices();
  const entry = device === null ? devices?.[0] : devices?.find((d) => d.id === device);
  const gitHash = entry?.git_hash;
  if (!gitHash || releaseTagOf(gitHash) === null) return undefined;
  return firmwareGeneration({ git_hash: gitHash }) === 'v26' ? 'api/ntp/zones' : 'zones.json';
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

/**
 * The zone list of the screen's device: from the remembered source, else the one its firmware
 * has, else the endpoint; then the other.
 */
export async function fetchZones(signal?: AbortSignal): Promise<ZoneMap> {
  // Taken now: every request of this load goes to the device it started for.
  const device = currentScreenDevice();
  const first = rememberedSource(device) ?? (await sourceByFirmware(device)) ?? ZONE_SOURCES[0];
  // The remembered one first; the other still answers if the device was updated meanwhile.
  const order = [first, ...ZONE_SOURCES.filter((source) => source !== first)];
  let lastError: unknown;
  for (const source of order) {
    try {
      const answer = await apiGet<unknown>(source, {
        silent: true,
        device,
        ...(signal ? { signal } : {}),
      });
      if (!isZoneMap(answer)) throw new ApiError(`Unexpected answer from ${source}`, 200);
      remember(device, source);
      return answer;
    } catch (error) {
      if (!isMissing(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * The time zone list, asked once per visit to the app (per device behind a companion: the
 * query cache keys a one-device screen's data by its device): it only changes with the
 * firmware. Silent: without it the page still shows and saves the configured zone.
 */
export function useZones() {
  return useQuery({
    queryKey: ['zones'],
    queryFn: ({ signal }) => fetchZones(signal),
    staleTime: Infinity,
  });
}
