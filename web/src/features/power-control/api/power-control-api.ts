import { useMutation, useQuery, useQueryClient } from '@/lib/query';
import type {
  GridMeterConfig,
  GridMeterConfigData,
  GridMeterStatus,
  PowerSettingsResult,
} from '@heliodtu/contract/grid-meter';
import type { ExportControlConfig, ExportControlStatus } from '@heliodtu/contract/export-control';
import type { LiveDataStatus } from '@heliodtu/contract/live-data';
import { apiGet, apiPost } from '@/lib/api-client';
import { configQuery } from '@/lib/config-api';
import { useGridMeterStore } from '@/lib/grid-meter-store';
import { postForResult } from '@/lib/result-post';

export const GRID_METER_AREA = 'gridmeter';
export const EXPORT_CONTROL_AREA = 'exportcontrol';
/** As often as the gateway adds a point to the last 15 minutes. */
export const CONTROL_STATUS_POLL_MS = 5_000;

/** GET api/gridmeter/config (admin): the settings, passwords only as whether one is set. */
export function useGridMeterConfig(enabled: boolean) {
  return useQuery({ ...configQuery<GridMeterConfig>(GRID_METER_AREA), enabled });
}

/** GET api/exportcontrol/config (admin). */
export function useExportControlConfig(enabled: boolean) {
  return useQuery({ ...configQuery<ExportControlConfig>(EXPORT_CONTROL_AREA), enabled });
}

/** GET api/exportcontrol/status, every 5 s while the screen shows (readable like live data). */
export function useExportControlStatus() {
  return useQuery({
    queryKey: [EXPORT_CONTROL_AREA, 'status'],
    queryFn: ({ signal }) =>
      apiGet<ExportControlStatus>('api/exportcontrol/status', { silent: true, signal }),
    refetchInterval: CONTROL_STATUS_POLL_MS,
  });
}

/**
 * The inverters the governed list is chosen from: every inverter of every device, with the
 * device it is on where the answer says (a companion with several devices).
 */
export function useInverterList(enabled: boolean) {
  return useQuery({
    queryKey: ['livedata', 'status'],
    queryFn: ({ signal }) =>
      apiGet<LiveDataStatus>('api/livedata/status', { silent: true, signal }),
    enabled,
  });
}

export function useSaveGridMeterConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: GridMeterConfigData) => postForResult('api/gridmeter/config', data),
    onSuccess: async (result: PowerSettingsResult) => {
      if (result.ok) await client.invalidateQueries({ queryKey: [GRID_METER_AREA] });
    },
  });
}

export function useSaveExportControlConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: ExportControlConfig) => postForResult('api/exportcontrol/config', data),
    onSuccess: async (result: PowerSettingsResult) => {
      if (result.ok) await client.invalidateQueries({ queryKey: [EXPORT_CONTROL_AREA] });
    },
  });
}

/** POST api/gridmeter/read (admin): reads the meter now and answers its status. */
export function useReadMeterNow() {
  return useMutation({
    mutationFn: () => apiPost<GridMeterStatus>('api/gridmeter/read', {}, { silent: true }),
    onSuccess: (status: GridMeterStatus) =>
      useGridMeterStore.setState({ support: 'available', status }),
  });
}
