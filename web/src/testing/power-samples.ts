import type { GridMeterConfig, GridMeterStatus } from '@heliodtu/contract/grid-meter';
import type { ExportControlConfig, ExportControlStatus } from '@heliodtu/contract/export-control';

/** Noon of a June day on the gateway's clock. */
export const NOW = Date.UTC(2025, 5, 21, 10, 0, 0);

/** GET api/gridmeter/status of a house drawing 420 W from the grid, its meter fine. */
export const meterStatus = (change: Partial<GridMeterStatus> = {}): GridMeterStatus => ({
  source: 'simulated',
  state: 'ok',
  power_w: 420,
  phases_w: [140, 140, 140],
  age_ms: 1_200,
  read_at: NOW - 1_200,
  production_w: 810,
  consumption_w: 1_230,
  today: {
    production_wh: 4_200,
    import_wh: 2_100,
    export_wh: 400,
    consumption_wh: 5_900,
    self_consumption_pct: 90.5,
    counted_from: null,
  },
  detail: '',
  now: NOW,
  ...change,
});

export const meterConfig = (change: Partial<GridMeterConfig> = {}): GridMeterConfig => ({
  source: 'http',
  invert_sign: false,
  stale_after_s: 30,
  mqtt: { topics: [], json_path: '' },
  http: {
    url: 'http://192.168.1.60/rpc/EM.GetStatus?id=0',
    json_path: 'total_act_power',
    auth: 'digest',
    username: 'admin',
    interval_s: 5,
    password_set: true,
  },
  broker: { url: '', username: '', password_set: false },
  simulated_available: true,
  companion: false,
  ...change,
});

export const controlConfig = (change: Partial<ExportControlConfig> = {}): ExportControlConfig => ({
  enabled: true,
  target_w: 0,
  hysteresis_w: 20,
  command_spacing_s: 10,
  manual_pause_min: 30,
  window: { enabled: false, start: '08:00', end: '20:00' },
  inverters: [
    {
      device: 'local',
      serial: '114182352592',
      lower_w: 50,
      upper_w: 800,
      fallback_w: null,
      restore_w: null,
    },
  ],
  ...change,
});

export const controlStatus = (change: Partial<ExportControlStatus> = {}): ExportControlStatus => ({
  enabled: true,
  state: 'holding',
  target_w: 0,
  grid_w: 8,
  production_w: 610,
  limit_w: 620,
  sentence: 'Holding the grid at 0 W.',
  inverters: [
    {
      device: 'local',
      serial: '114182352592',
      name: 'Balcony',
      state: 'regulated',
      power_w: 610,
      requested_w: 620,
      readback_w: 620,
      confirmed: true,
      taken_over_w: 800,
      paused_until: null,
      reason: 'Holding the grid at its target.',
    },
  ],
  series: Array.from({ length: 180 }, (_, i) => ({
    t: NOW - (179 - i) * 5_000,
    grid_w: 10 * Math.sin(i / 10),
    production_w: 600 + i,
    target_w: 0,
    limit_w: 620,
  })),
  now: NOW,
  ...change,
});
