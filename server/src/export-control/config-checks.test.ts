import { describe, expect, it } from 'vitest';
import type { ExportControlConfig, GovernedInverter } from '@heliodtu/contract/export-control';
import { configProblem, type KnownFleet } from './config-checks.js';
import { DEFAULT_EXPORT_CONTROL_CONFIG } from './export-control-settings.js';

const FLEET: KnownFleet = {
  devices: ['roof', 'garage'],
  serials: (device) =>
    device === 'roof' ? ['114182352592'] : device === 'garage' ? ['116491234567'] : [],
};
const inverter = (overrides: Partial<GovernedInverter> = {}): GovernedInverter => ({
  device: 'roof',
  serial: '114182352592',
  lower_w: 0,
  upper_w: 800,
  fallback_w: null,
  restore_w: null,
  ...overrides,
});
const config = (...inverters: GovernedInverter[]): ExportControlConfig => ({
  ...DEFAULT_EXPORT_CONTROL_CONFIG,
  inverters,
});
const check = (next: ExportControlConfig, stored = DEFAULT_EXPORT_CONTROL_CONFIG) =>
  configProblem(next, stored, FLEET);

describe('export control settings checks', () => {
  it('accepts inverters of several devices, the serial in any case', () => {
    expect(
      check(
        config(inverter(), inverter({ device: 'garage', serial: '116491234567'.toUpperCase() })),
      ),
    ).toBeNull();
  });

  it('names the field of an unknown device or inverter', () => {
    expect(check(config(inverter({ device: 'cellar' })))).toEqual({
      ok: false,
      field: 'inverters.0.device',
      message: 'There is no device cellar on this gateway.',
    });
    expect(check(config(inverter(), inverter({ serial: '116491234567' })))).toMatchObject({
      field: 'inverters.1.serial',
      message: 'Device roof has no inverter 116491234567.',
    });
  });

  it('keeps an inverter already governed while its device is away', () => {
    const away = inverter({ device: 'shed', serial: '112233445566' });
    expect(check(config(away), config(away))).toBeNull();
  });

  it('refuses a lower limit above the upper, an inverter twice, limits a device refuses', () => {
    expect(check(config(inverter({ lower_w: 500, upper_w: 400 })))).toMatchObject({
      field: 'inverters.0.lower_w',
    });
    expect(check(config(inverter(), inverter({ serial: '0114182352592'.slice(1) })))).toMatchObject(
      { field: 'inverters.1.serial', message: expect.stringContaining('governed twice') },
    );
    expect(check(config(inverter({ upper_w: 3000 })))).toMatchObject({
      field: 'inverters.0.upper_w',
    });
    expect(check(config(inverter({ fallback_w: 2500 })))).toMatchObject({
      field: 'inverters.0.fallback_w',
    });
  });

  it('refuses a time window that ends when it starts', () => {
    const next = { ...config(), window: { enabled: true, start: '10:00', end: '10:00' } };
    expect(check(next)).toMatchObject({ field: 'window.end' });
    expect(check({ ...next, window: { ...next.window, enabled: false } })).toBeNull();
  });
});
