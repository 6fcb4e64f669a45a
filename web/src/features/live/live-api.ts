import type { ApiResult } from '@heliodtu/contract/envelope';
import type { DevInfoResponse } from '@heliodtu/contract/dev-info';
import type { EventLogStatus } from '@heliodtu/contract/event-log';
import type { GridProfileRaw, GridProfileStatus } from '@heliodtu/contract/grid-profile';
import type { LimitConfigRequest, LimitStatus } from '@heliodtu/contract/limit';
import type { PowerStatus } from '@heliodtu/contract/power';
import { apiGet, apiPost } from '@/lib/api-client';

/**
 * The live view's calls (spec §7). Dialog calls are silent: a failure shows in the dialog, not
 * on the error page; a 401 still goes to the login (api-client.ts).
 */
type Empty = Record<string, never>;
const silent = { silent: true } as const;

export const liveApi = {
  eventLog: (inv: string, locale: string) =>
    apiGet<EventLogStatus | Empty>('api/eventlog/status', { ...silent, query: { inv, locale } }),
  devInfo: (inv: string) =>
    apiGet<DevInfoResponse>('api/devinfo/status', { ...silent, query: { inv } }),
  gridProfile: (inv: string) =>
    apiGet<GridProfileStatus | Empty>('api/gridprofile/status', { ...silent, query: { inv } }),
  gridProfileRaw: (inv: string) =>
    apiGet<GridProfileRaw | Empty>('api/gridprofile/rawdata', { ...silent, query: { inv } }),
  limitStatus: () => apiGet<LimitStatus>('api/limit/status', silent),
  setLimit: (data: LimitConfigRequest) => apiPost<ApiResult>('api/limit/config', data, silent),
  powerStatus: () => apiGet<PowerStatus>('api/power/status', silent),
  setPower: (serial: string, action: 'on' | 'off' | 'restart') =>
    apiPost<ApiResult>(
      'api/power/config',
      action === 'restart' ? { serial, restart: true } : { serial, power: action === 'on' },
      silent,
    ),
  statsReset: (inv: string) =>
    apiGet<ApiResult | Empty | undefined>('api/inverter/stats_reset', {
      ...silent,
      query: { inv },
    }),
};
