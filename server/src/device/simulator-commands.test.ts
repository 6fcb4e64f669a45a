import { afterEach, describe, expect, it } from 'vitest';
import { createKit, type Kit } from './sim-test-kit.js';

const HM800 = '114182352592';
/** HM-4CH whose running number selects the HM-1000: no part-number row, so max power unknown. */
const HM1000 = '116180123457';
const SOUTH: readonly (readonly [string, number])[] = [
  ['South 1', 410],
  ['South 2', 410],
];
const RELATIVE = { relative: true, persistent: false };
const ABSOLUTE = { relative: false, persistent: false };

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
}, 30_000);

const live = (k: Kit, serial: string) => {
  const inverter = k.sim.liveData(serial).inverters[0];
  if (!inverter) throw new Error(`no live data for ${serial}`);
  return inverter;
};
const limitStatus = (k: Kit, serial: string) => k.sim.limitStatus()[serial]?.limit_set_status;
const powerStatus = (k: Kit, serial: string) => k.sim.powerStatus()[serial]?.power_set_status;

async function noonKit(options: Partial<Parameters<typeof createKit>[0]> = {}): Promise<Kit> {
  return createKit({
    start: '2025-06-21T12:00:00',
    inverters: [{ serial: HM800, strings: SOUTH }],
    sim: { weather: 'clear' },
    ...options,
  });
}

describe('limit commands', () => {
  it('go Pending, then Ok after about 2.5 s, and cap the output', async () => {
    kit = await noonKit();
    kit.advance(20_000);
    expect(live(kit, HM800).limit_relative).toBe(0); // not read yet: first read ≥ 4 min after boot
    expect(limitStatus(kit, HM800)).toBe('Ok');
    expect(kit.sim.setLimit(HM800, 25, RELATIVE)).toEqual({ ok: true, queued: true });
    expect(limitStatus(kit, HM800)).toBe('Pending');
    kit.advance(2_000);
    expect(limitStatus(kit, HM800)).toBe('Pending');
    kit.advance(1_000);
    expect(limitStatus(kit, HM800)).toBe('Ok');
    expect(live(kit, HM800).limit_relative).toBe(25);
    expect(live(kit, HM800).limit_absolute).toBe(200);
    kit.advance(20_000);
    expect(live(kit, HM800).AC['0']?.Power.v).toBeLessThanOrEqual(200);
    expect(live(kit, HM800).AC['0']?.Power.v).toBeGreaterThan(150);

    // Absolute with a known max power: shown as % of it at once; relative values clamp at 100.
    kit.sim.setLimit(HM800, 300, ABSOLUTE);
    kit.advance(3_000);
    expect(live(kit, HM800).limit_relative).toBe(37.5);
    kit.sim.setLimit(HM800, 150, RELATIVE);
    kit.advance(3_000);
    expect(live(kit, HM800).limit_relative).toBe(100);
  });

  it('reads an absolute limit back only after about 4 minutes when the max power is unknown', async () => {
    kit = await noonKit({ inverters: [{ serial: HM1000 }] });
    kit.advance(5 * 60_000);
    expect(kit.sim.devInfo(HM1000)).toMatchObject({
      valid_data: true,
      hw_model_name: '',
      max_power: 0,
    });
    expect(live(kit, HM1000).limit_relative).toBe(100);
    expect(live(kit, HM1000).limit_absolute).toBe(-1);
    kit.sim.setLimit(HM1000, 500, ABSOLUTE);
    kit.advance(3_000);
    expect(limitStatus(kit, HM1000)).toBe('Ok');
    expect(live(kit, HM1000).limit_relative).toBe(100);
    kit.advance(3 * 60_000);
    expect(live(kit, HM1000).limit_relative).toBe(100);
    kit.advance(2 * 60_000);
    expect(live(kit, HM1000).limit_relative).toBe(50);
  });

  it('fail after about 10 s when the inverter does not answer, and are re-sent at the next poll', async () => {
    kit = await noonKit({ sim: { weather: 'clear', faults: [`unreachable:${HM800}`] } });
    kit.advance(10_000);
    kit.sim.setLimit(HM800, 50, RELATIVE);
    kit.advance(9_000);
    expect(limitStatus(kit, HM800)).toBe('Pending');
    kit.advance(2_000);
    expect(limitStatus(kit, HM800)).toBe('Failure');
    kit.advance(5_000);
    expect(limitStatus(kit, HM800)).toBe('Pending');
    expect(live(kit, HM800).reachable).toBe(false);
  });

  it('are dropped silently at night without command_enable_night', async () => {
    kit = await createKit({
      start: '2025-06-21T01:00:00',
      inverters: [{ serial: HM800, strings: SOUTH, slot: { command_enable_night: false } }],
    });
    kit.advance(70_000);
    expect(kit.sim.setLimit(HM800, 50, RELATIVE)).toEqual({ ok: true, queued: false });
    expect(kit.sim.setPower(HM800, false)).toEqual({ ok: true, queued: false });
    expect(limitStatus(kit, HM800)).toBe('Ok');
    expect(powerStatus(kit, HM800)).toBe('Ok');
  });
});

describe('power commands', () => {
  it('switch off (reachable, not producing, event 124) and on again after the reconnect time', async () => {
    kit = await noonKit();
    kit.advance(30_000);
    expect(kit.sim.setPower(HM800, false)).toEqual({ ok: true, queued: true });
    expect(powerStatus(kit, HM800)).toBe('Pending');
    kit.advance(3_000);
    expect(powerStatus(kit, HM800)).toBe('Ok');
    kit.advance(10_000);
    let inverter = live(kit, HM800);
    expect(inverter.AC['0']?.Power.v).toBe(0);
    expect(inverter.reachable).toBe(true);
    expect(inverter.producing).toBe(false);
    expect(inverter.DC['0']?.Voltage.v).toBeGreaterThan(30); // open circuit
    let shutdown = kit.sim.eventLog(HM800, 'en')?.events.find((e) => e.message_id === 124);
    expect(shutdown).toMatchObject({ message: 'Shut down by remote control', end_time: 0 });

    kit.sim.setPower(HM800, true);
    kit.advance(30_000);
    expect(live(kit, HM800).AC['0']?.Power.v).toBe(0); // reconnect time: 60 s
    kit.advance(60_000);
    inverter = live(kit, HM800);
    expect(inverter.AC['0']?.Power.v).toBeGreaterThan(300);
    expect(inverter.producing).toBe(true);
    shutdown = kit.sim.eventLog(HM800, 'de')?.events.find((e) => e.message_id === 124);
    expect(shutdown?.message).toBe('Durch Fernsteuerung abgeschaltet');
    expect(shutdown?.end_time).toBeGreaterThan(shutdown?.start_time ?? Infinity);
  });

  it('restart: silent, then a fresh event log and day counter (kept with yieldday_correction)', async () => {
    for (const correction of [false, true]) {
      kit = await noonKit({
        inverters: [{ serial: HM800, strings: SOUTH, slot: { yieldday_correction: correction } }],
      });
      kit.advance(30_000);
      const before = live(kit, HM800).INV['0']?.YieldDay.v ?? 0;
      expect(before).toBeGreaterThan(1000);
      expect(kit.sim.restart(HM800)).toEqual({ ok: true, queued: true });
      kit.advance(3_000);
      expect(powerStatus(kit, HM800)).toBe('Ok');
      const restartedAt = kit.clock.now();
      kit.advance(120_000);
      const inverter = live(kit, HM800);
      expect(inverter.radio_stats.rx_fail_nothing).toBeGreaterThan(0);
      const log = kit.sim.eventLog(HM800, 'fr');
      expect(log?.events[0]).toMatchObject({ message_id: 1, message: "L'onduleur a démarré" });
      const bootSeconds = log?.events[0]?.start_time ?? 0;
      const restartSeconds = Math.floor((restartedAt % 86_400_000) / 1000) + 2 * 3600; // CEST
      expect(bootSeconds - restartSeconds).toBeGreaterThanOrEqual(4);
      expect(bootSeconds - restartSeconds).toBeLessThanOrEqual(21);
      const after = inverter.INV['0']?.YieldDay.v ?? 0;
      if (correction) expect(after).toBeGreaterThanOrEqual(before);
      else expect(after).toBeLessThan(100);
      expect(inverter.AC['0']?.Power.v).toBeGreaterThan(0);
      await kit.close();
      kit = undefined;
    }
  });

  it('radio statistics reset on request', async () => {
    kit = await noonKit();
    kit.advance(30_000);
    expect(live(kit, HM800).radio_stats.tx_request).toBeGreaterThan(3);
    expect(kit.sim.resetRadioStats(HM800.toUpperCase())).toBe(true);
    expect(live(kit, HM800).radio_stats).toMatchObject({
      tx_request: 0,
      rx_success: 0,
      rssi: -127,
    });
    expect(kit.sim.resetRadioStats('999912345678')).toBe(false);
  });
});
