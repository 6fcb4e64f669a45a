import { describe, expect, it } from 'vitest';
import type {
  ExportControlConfig,
  ExportControlStatus,
  GovernedStatus,
} from '@heliodtu/contract/export-control';
import type { AlertsStatus } from '@heliodtu/contract/alerts';
import type { LimitStatus } from '@heliodtu/contract/limit';
import { DEFAULT_EXPORT_CONTROL_CONFIG } from '../src/export-control/export-control-settings.js';
import { exportControlGateway } from './helpers/export-control-gateway.js';
import { httpMeterSettings, startHouseMeter } from './helpers/house-meter.js';
import { HM_SERIAL, HMS_SERIAL } from './helpers/live-gateway.js';
import { waitFor } from './helpers/mqtt-watcher.js';

// Issue 35 on a simulated gateway with the real controller and the real grid meter (an HTTP
// meter: a loopback Shelly whose grid power is the house's load minus what the simulated fleet
// produces now). The owner's own limits are set first, so what control gives back is known.

const OWNER_HM_W = 600;
const OWNER_HMS_W = 1500;

async function governedGateway() {
  const gw = await exportControlGateway(undefined, { simSpeed: 4 });
  const production = () =>
    gw.app.device.liveData().inverters.reduce((sum, inverter) => {
      const full = gw.app.device.liveData(inverter.serial).inverters[0];
      return sum + (full?.AC['0']?.Power.v ?? 0);
    }, 0);
  // A small house at noon: the roof exports unless control holds it back.
  const meter = await startHouseMeter(production, 300);
  const meterSaved = await gw.json('POST', '/api/gridmeter/config', httpMeterSettings(meter.url));
  expect(meterSaved).toMatchObject({ ok: true });
  const limits = () => gw.app.device.limitStatus() as LimitStatus;
  const readbackW = (serial: string) => {
    const entry = limits()[serial];
    return entry && entry.max_power > 0 ? (entry.limit_relative * entry.max_power) / 100 : null;
  };
  const near = (value: number | null, watts: number) =>
    value !== null && Math.abs(value - watts) <= watts * 0.02;
  for (const [serial, watts] of [
    [HM_SERIAL, OWNER_HM_W],
    [HMS_SERIAL, OWNER_HMS_W],
  ] as const) {
    await waitFor(() => limits()[serial]?.max_power, `${serial} max power`, 30_000);
    const sent = await gw.json('POST', '/api/limit/config', {
      serial,
      limit_value: watts,
      limit_type: 0,
    });
    expect(sent).toMatchObject({ code: 1001 });
  }
  await waitFor(
    () => near(readbackW(HM_SERIAL), OWNER_HM_W) && near(readbackW(HMS_SERIAL), OWNER_HMS_W),
    'the owner limits read back',
    30_000,
  );
  const status = async () =>
    (await gw.json('GET', '/api/exportcontrol/status')) as unknown as ExportControlStatus;
  const governed = async (serial: string): Promise<GovernedStatus | undefined> =>
    (await status()).inverters.find((i) => i.serial === serial);
  return { gw, meter, limits, readbackW, near, status, governed };
}

const settings = (overrides: Partial<ExportControlConfig> = {}): ExportControlConfig => ({
  ...DEFAULT_EXPORT_CONTROL_CONFIG,
  enabled: true,
  inverters: [HM_SERIAL, HMS_SERIAL].map((serial) => ({
    device: 'local',
    serial,
    lower_w: 20,
    upper_w: serial === HM_SERIAL ? 800 : 2000,
    fallback_w: null,
    restore_w: null,
  })),
  ...overrides,
});

describe('export control on a simulated gateway', () => {
  it('regulates, pauses for an owner limit, and gives back each inverter’s own limit when turned off', async () => {
    const { gw, readbackW, near, governed } = await governedGateway();
    expect(await gw.json('POST', '/api/exportcontrol/config', settings())).toMatchObject({
      ok: true,
    });
    // Control takes over at the owner's limits and lowers them: the house takes 300 W.
    await waitFor(
      async () => {
        const hm = await governed(HM_SERIAL);
        return hm?.taken_over_w === OWNER_HM_W && hm.confirmed && readbackW(HM_SERIAL)! < 550;
      },
      'the HM limited below its owner limit, confirmed',
      90_000,
    );
    expect((await governed(HMS_SERIAL))?.taken_over_w).toBe(OWNER_HMS_W);

    // The owner sends the HMS a limit: control leaves it alone for the pause.
    const sentAt = gw.app.clock.now();
    const manual = await gw.json('POST', '/api/limit/config', {
      serial: HMS_SERIAL,
      limit_value: 700,
      limit_type: 0,
    });
    expect(manual).toMatchObject({ code: 1001 });
    const paused = await governed(HMS_SERIAL);
    expect(paused?.state).toBe('paused_manual');
    expect(paused!.paused_until! - sentAt).toBeGreaterThanOrEqual(29 * 60_000);
    await waitFor(() => near(readbackW(HMS_SERIAL), 700), 'the owner limit read back', 30_000);
    // Control keeps regulating the HM, never the HMS.
    const hmsCommands = () =>
      gw.app.consoleLog.backlog().filter((l) => l.includes(`TX ActivePowerControl ${HMS_SERIAL}`));
    const before = hmsCommands().length;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(hmsCommands()).toHaveLength(before);
    expect(near(readbackW(HMS_SERIAL), 700)).toBe(true);

    // Off: each inverter gets back the limit it had when control took it over.
    expect(await gw.json('POST', '/api/exportcontrol/set', { enabled: false })).toMatchObject({
      ok: true,
    });
    await waitFor(
      () => near(readbackW(HM_SERIAL), OWNER_HM_W),
      'the HM back at its owner limit',
      30_000,
    );
    expect(JSON.parse((await gw.file())!)).toMatchObject({ enabled: false });
  }, 180_000);

  it('gives the limits back when the gateway stops', async () => {
    const { gw, readbackW, near, governed } = await governedGateway();
    await gw.json('POST', '/api/exportcontrol/config', settings());
    await waitFor(
      async () => (await governed(HM_SERIAL))?.confirmed && readbackW(HM_SERIAL)! < 550,
      'the HM limited, confirmed',
      90_000,
    );
    await gw.close();
    // Carried out before the simulated DTU stopped: nothing runs after close.
    expect(near(readbackW(HM_SERIAL), OWNER_HM_W)).toBe(true);
    expect(near(readbackW(HMS_SERIAL), OWNER_HMS_W)).toBe(true);
    expect(gw.app.device.limitStatus()[HM_SERIAL]?.limit_set_status).toBe('Ok');
  }, 180_000);

  it('a meter that stops answering: every governed inverter at its fallback, one alert; back to regulating once it answers', async () => {
    const { gw, meter, readbackW, near, governed, status } = await governedGateway();
    const HM_FALLBACK_W = 100;
    const withFallback = settings();
    withFallback.inverters[0]!.fallback_w = HM_FALLBACK_W;
    expect(await gw.json('POST', '/api/exportcontrol/config', withFallback)).toMatchObject({
      ok: true,
    });
    await waitFor(
      async () => (await governed(HM_SERIAL))?.confirmed && readbackW(HM_SERIAL)! < 550,
      'the HM limited, confirmed',
      90_000,
    );
    const meterAlerts = async () =>
      ((await gw.json('GET', '/api/alerts/status')) as unknown as AlertsStatus).open.filter(
        (alert) => alert.kind === 'meter-lost',
      );
    expect(await meterAlerts()).toEqual([]);

    meter.answering = false;
    await waitFor(async () => (await status()).state === 'meter_lost', 'meter lost', 30_000);
    // The owner's fallback for the HM; the HMS has none: its lower limit (20 W).
    await waitFor(
      () => near(readbackW(HM_SERIAL), HM_FALLBACK_W) && Math.abs(readbackW(HMS_SERIAL)! - 20) <= 5,
      'both inverters at their fallback',
      30_000,
    );
    await waitFor(async () => (await meterAlerts()).length > 0, 'the meter-lost alert', 30_000);
    // Still one alert a few evaluations later, and no further commands while lost.
    const commands = () =>
      gw.app.consoleLog.backlog().filter((line) => line.includes('TX ActivePowerControl')).length;
    const sent = commands();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await meterAlerts()).toHaveLength(1);
    expect(commands()).toBe(sent);

    meter.answering = true;
    await waitFor(
      async () => !['meter_lost', 'starting'].includes((await status()).state),
      'control regulating again',
      30_000,
    );
  }, 180_000);
});
