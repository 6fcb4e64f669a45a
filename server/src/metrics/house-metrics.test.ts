import { spawn } from 'node:child_process';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ExportControlStatus } from '@heliodtu/contract/export-control';
import type { GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { houseMetricLines, houseMetrics } from './house-metrics.js';

/** Issue 35: the grid meter's and export control's Prometheus metrics. */

function promtoolCheck(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/promtool', ['check', 'metrics'], { stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

const meterStatus: GridMeterStatus = {
  source: 'simulated',
  state: 'ok',
  power_w: -412.5,
  phases_w: [-300, -150, 37.5],
  age_ms: 800,
  read_at: 1_750_500_000_000,
  production_w: 1500,
  consumption_w: 1087.5,
  today: null,
  detail: '',
  now: 1_750_500_000_800,
};

const controlStatus: ExportControlStatus = {
  enabled: true,
  state: 'holding',
  target_w: 0,
  grid_w: -412.5,
  production_w: 1500,
  limit_w: 1600,
  sentence: '',
  inverters: [],
  series: [],
  now: 1_750_500_000_800,
};

const energy = { import_wh: 12_345.678, export_wh: 4_321 };

describe('house metrics', () => {
  it('prints the meter and export control as promtool accepts them, without a lint finding', async () => {
    const text = `${houseMetricLines({ meter: { status: meterStatus, energy }, control: controlStatus }).join('\n')}\n`;
    expect(await promtoolCheck(text)).toEqual({ code: 0, output: '' });
    expect(text).toContain('heliodtu_grid_power_watts -412.5\n');
    expect(text).toContain('heliodtu_grid_phase_power_watts{phase="3"} 37.5\n');
    expect(text).toContain('# TYPE heliodtu_grid_import_energy_wh_total counter\n');
    expect(text).toContain('heliodtu_grid_import_energy_wh_total 12345.678\n');
    expect(text).toContain('heliodtu_grid_export_energy_wh_total 4321\n');
    expect(text).toContain('heliodtu_house_consumption_watts 1087.5\n');
    expect(text).toContain('heliodtu_grid_meter_state{state="ok"} 1\n');
    expect(text).toContain('heliodtu_grid_meter_state{state="stale"} 0\n');
    expect(text).toContain('heliodtu_export_control_enabled 1\n');
    expect(text).toContain('heliodtu_export_control_target_watts 0\n');
    expect(text).toContain('heliodtu_export_control_limit_watts 1600\n');
    expect(text).toContain('heliodtu_export_control_state{state="holding"} 1\n');
  });

  it('leaves out powers without a usable reading, and the meter when none is set', async () => {
    const stale = { ...meterStatus, state: 'stale' as const, power_w: null, consumption_w: null };
    const text = `${houseMetricLines({ meter: { status: stale, energy }, control: null }).join('\n')}\n`;
    expect((await promtoolCheck(text)).code).toBe(0);
    expect(text).not.toContain('heliodtu_grid_power_watts');
    expect(text).not.toContain('heliodtu_house_consumption_watts');
    expect(text).toContain('heliodtu_grid_import_energy_wh_total 12345.678\n');
    expect(text).toContain('heliodtu_grid_meter_state{state="stale"} 1\n');
    expect(houseMetricLines({ meter: null, control: null })).toEqual([]);
  });

  it('reads the ports an app decorates, and nothing on an app without them', async () => {
    const bare = Fastify();
    expect(houseMetrics(bare)).toBe('');
    const app = Fastify();
    decorateLoosely(app, 'gridMeter', {
      configured: () => true,
      status: () => meterStatus,
      energy: () => energy,
    });
    decorateLoosely(app, 'exportControl', { status: () => ({ ...controlStatus, enabled: false }) });
    const text = houseMetrics(app);
    expect(text).toContain('heliodtu_grid_power_watts -412.5\n');
    expect(text).toContain('heliodtu_export_control_enabled 0\n');
    const unset = Fastify();
    decorateLoosely(unset, 'gridMeter', { configured: () => false });
    expect(houseMetrics(unset)).toBe('');
  });
});

/** Only the parts of a port the metrics read: the rest of the type is not this test's. */
function decorateLoosely(app: object, name: string, value: object): void {
  (app as { decorate(name: string, value: object): void }).decorate(name, value);
}
