import type { ApiResult } from '@heliodtu/contract/envelope';
import type { DevInfoResponse } from '@heliodtu/contract/dev-info';
import type { EventLogStatus } from '@heliodtu/contract/event-log';
import type { GridProfileRaw, GridProfileStatus } from '@heliodtu/contract/grid-profile';
import type { LimitConfigRequest, LimitStatus } from '@heliodtu/contract/limit';
import type { PowerStatus } from '@heliodtu/contract/power';
import { apiGet, apiPost } from '@/lib/api-client';

/**
 * The live view's calls (spec §7). Dialog calls are silent: a failure shows in the dialog, not
 * on the error page; a 401 still goes to the login (api-client.ts). Each takes the device the
 * inverter is on behind a companion with several (issue 27; null for none), so a request for
 * one inverter reaches that inverter's device.
 */
type Empty = Record<string, never>;
type Device = string | null;
const on = (device: Device) => ({ silent: true, device }) as const;

export const liveApi = {
  eventLog: (inv: string, locale: string, device: Device = null) =>
    apiGet<EventLogStatus | Empty>('api/eventlog/status', {
      ...on(device),
      query: { inv, locale },
    }),
  devInfo: (inv: string, device: Device = null) =>
    apiGet<DevInfoResponse>('api/devinfo/status', { ...on(device), query: { inv } }),
  gridProfile: (inv: string, device: Device = null) =>
    apiGet<GridProfileStatus | Empty>('api/gridprofile/status', { ...on(device), query: { inv } }),
  gridProfileRaw: (inv: string, device: Device = null) =>
    apiGet<GridProfileRaw | Empty>('api/gridprofile/rawdata', { ...on(device), query: { inv } }),
  limitStatus: (device: Device = null) => apiGet<LimitStatus>('api/limit/status', on(device)),
  setLimit: (data: LimitConfigRequest, device: Device = null) =>
    apiPost<ApiResult>('api/limit/config', data, on(device)),
  powerStatus: (device: Device = null) => apiGet<PowerStatus>('api/power/status', on(device)),
  setPower: (serial: string, action: 'on' | 'off' | 'restart', device: Device = null) =>
    apiPost<ApiResult>(
      'api/power/config',
      action === 'restart' ? { serial, restart: true } : { serial, power: action === 'on' },
      on(device),
    ),
  statsReset: (inv: string, device: Device = null) =>
    apiGet<ApiResult | Empty | undefined>('api/inverter/stats_reset', {
      ...on(device),
      query: { inv },
    }),
  /**
   * Every device's limit status in one map by live key (`<device>/<serial>`, or the serial
   * without devices): the overview's maximum powers across devices.
   */
  limitStatusByKey: async (devices: readonly Device[]): Promise<LimitStatus> => {
    const answers = await Promise.all(
      devices.map(async (device) => [device, await liveApi.limitStatus(device)] as const),
    );
    const byKey: LimitStatus = {};
    for (const [device, status] of answers) {
      for (const [serial, entry] of Object.entries(status)) {
        byKey[device === null ? serial : `${device}/${serial}`] = entry;
      }
    }
    return byKey;
  },
};
