import { describe, expect, it } from 'vitest';
import type { ExportControlConfig, GovernedInverter } from '../export-control.js';
import { exportControlConfigProblems } from './export-control-rules.js';

const governed = (over: Partial<GovernedInverter> = {}): GovernedInverter => ({
  device: 'local',
  serial: '114182940001',
  lower_w: 0,
  upper_w: 800,
  fallback_w: null,
  restore_w: null,
  ...over,
});

const config = (over: Partial<ExportControlConfig> = {}): ExportControlConfig => ({
  enabled: true,
  target_w: 0,
  hysteresis_w: 20,
  command_spacing_s: 10,
  manual_pause_min: 30,
  window: { enabled: false, start: '08:00', end: '20:00' },
  inverters: [governed()],
  ...over,
});

const fields = (data: ExportControlConfig) => exportControlConfigProblems(data).map((p) => p.field);

describe('exportControlConfigProblems', () => {
  it('accepts good settings', () => {
    expect(exportControlConfigProblems(config())).toEqual([]);
  });

  it('refuses a lower limit above the upper limit', () => {
    expect(fields(config({ inverters: [governed({ lower_w: 900 })] }))).toEqual([
      'inverters.0.lower_w',
    ]);
  });

  it('refuses fallback and restore above the upper limit', () => {
    const inverters = [governed({ fallback_w: 900, restore_w: 801 })];
    expect(fields(config({ inverters }))).toEqual([
      'inverters.0.fallback_w',
      'inverters.0.restore_w',
    ]);
    expect(fields(config({ inverters: [governed({ fallback_w: 800, restore_w: 0 })] }))).toEqual(
      [],
    );
  });

  it('refuses the same inverter twice, whatever the case of its serial', () => {
    const inverters = [governed(), governed({ serial: '114182940001'.toLowerCase() })];
    expect(fields(config({ inverters: [...inverters, governed({ device: 'b' })] }))).toEqual([
      'inverters.1.serial',
    ]);
  });

  it('refuses an empty window', () => {
    const window = { enabled: true, start: '08:00', end: '08:00' };
    expect(fields(config({ window }))).toEqual(['window.end']);
    expect(fields(config({ window: { ...window, enabled: false } }))).toEqual([]);
  });
});
