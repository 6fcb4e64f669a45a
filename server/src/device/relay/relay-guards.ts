/**
 * The guard a device's API path has (wire-contract §2.1), checked by the companion before a
 * request leaves for the device. Reads that the device opens while read-only access is on are
 * 'readonly'; everything else under /api, known or not (a newer firmware's endpoint), is
 * 'admin', so an unknown path is never relayed without the companion's login.
 */
export type RelayGuard = 'readonly' | 'admin';

const READONLY_GETS = new Set([
  '/api/livedata/status',
  '/api/system/status',
  '/api/network/status',
  '/api/ntp/status',
  // v26 only; a v24 device has no such path, and the companion answers that 404.
  '/api/ntp/zones',
  '/api/mqtt/status',
  '/api/limit/status',
  '/api/power/status',
  '/api/prometheus/metrics',
  '/api/devinfo/status',
  '/api/eventlog/status',
  '/api/gridprofile/status',
  '/api/gridprofile/rawdata',
]);

export function relayGuard(method: string, path: string): RelayGuard {
  return method === 'GET' && READONLY_GETS.has(path) ? 'readonly' : 'admin';
}
