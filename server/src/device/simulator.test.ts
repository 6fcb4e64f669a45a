import { afterEach, describe, expect, it } from 'vitest';
import { getTimes } from 'suncalc';
import {
  LiveDataFullStatusSchema,
  LiveDataPartialStatusSchema,
} from '@heliodtu/contract/live-data';
import { INVERTER_FULL_KEYS, LIVE_STATUS_KEYS } from '@heliodtu/contract/fixtures/wire-keys';
import { createKit, type Kit } from './sim-test-kit.js';
import { PEAK_EFFICIENCY } from './solar-model.js';
import { Site } from './site.js';

const HM800 = '114182352592';
const HMS2000 = '1164a113c7e2';
const SOUTH: readonly (readonly [string, number])[] = [
  ['South 1', 410],
  ['South 2', 410],
];

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
}, 30_000);

const full = (k: Kit, serial: string) => {
  const inverter = k.sim.liveData(serial).inverters[0];
  if (!inverter) throw new Error(`no live data for ${serial}`);
  return inverter;
};

describe('FleetSimulator production', () => {
  it('produces nothing at night and the sleeping inverters turn unreachable', async () => {
    kit = await createKit({
      start: '2025-06-21T00:30:00',
      inverters: [{ serial: HM800, strings: SOUTH }, { serial: HMS2000 }],
    });
    kit.advanceUntil('2025-06-21T03:00:00', 5_000);
    for (const serial of [HM800, HMS2000]) {
      const inverter = full(kit, serial);
      expect(inverter.AC['0']?.Power.v).toBe(0);
      expect(inverter.producing).toBe(false);
      expect(inverter.reachable).toBe(false);
      expect(inverter.radio_stats.rx_fail_nothing).toBeGreaterThan(0);
      expect(inverter.radio_stats.rx_success).toBe(0);
    }
    expect(kit.sim.liveData().total.Power.v).toBe(0);
  }, 60_000);

  it('peaks near solar noon on a clear June day at 48°N, consistent all day', async () => {
    kit = await createKit({
      start: '2025-06-21T04:00:00',
      ntp: { latitude: 48, longitude: 11 },
      inverters: [{ serial: HM800, strings: SOUTH }],
      sim: { weather: 'clear' },
    });
    const k = kit;
    const samples: { at: number; ac: number }[] = [];
    let integralWh = 0;
    let dayStartYield = -1;
    k.advanceUntil('2025-06-21T22:00:00', 10_000, () => {
      const inverter = full(k, HM800);
      const ac = inverter.AC['0']?.Power.v ?? 0;
      const dc = inverter.INV['0']?.['Power DC'].v ?? 0;
      // AC never beats DC at the datasheet peak efficiency (plus rounding of each 0.1-W value).
      expect(ac).toBeLessThanOrEqual(dc * PEAK_EFFICIENCY + 0.2);
      samples.push({ at: k.clock.now(), ac });
      if (dayStartYield < 0 && ac > 0) dayStartYield = inverter.INV['0']?.YieldDay.v ?? 0;
      integralWh += (ac * 10) / 3600;
    });
    // The middle of the time spent above 95 % of the peak (the HM inputs clip at 11.5 A).
    const peak = Math.max(...samples.map((s) => s.ac));
    const high = samples.filter((s) => s.ac >= 0.95 * peak);
    const peakAt = ((high[0]?.at ?? 0) + (high.at(-1)?.at ?? 0)) / 2;
    const noon = getTimes(new Date(k.at('2025-06-21T12:00:00')), 48, 11).solarNoon.getTime();
    expect(Math.abs(peakAt - noon)).toBeLessThan(30 * 60_000);
    expect(peak / 820).toBeGreaterThan(0.6);
    expect(peak / 820).toBeLessThan(0.95);
    const inv = full(k, HM800).INV['0'];
    const yieldDay = (inv?.YieldDay.v ?? 0) - dayStartYield;
    expect(yieldDay).toBeGreaterThan(3500);
    expect(yieldDay).toBeLessThan(6500);
    // The day yield is the integral of the AC power the DTU saw (sampled every 10 s).
    expect(Math.abs(yieldDay - integralWh)).toBeLessThan(0.015 * integralWh + 3);
    expect(full(k, HM800).producing).toBe(false);
  }, 60_000);

  it('builds live data in the wire shape, key order included', async () => {
    kit = await createKit({
      start: '2025-06-21T12:00:00',
      inverters: [
        {
          serial: HM800,
          name: 'Balcony',
          strings: [
            ['Left', 410],
            ['', 0],
          ],
        },
      ],
    });
    kit.advance(20_000);
    const status = kit.sim.liveData(HM800);
    expect(() => LiveDataFullStatusSchema.parse(status)).not.toThrow();
    expect(() => LiveDataPartialStatusSchema.parse(kit?.sim.liveData())).not.toThrow();
    const inverter = full(kit, HM800);
    expect(Object.keys(inverter)).toEqual(INVERTER_FULL_KEYS);
    expect(Object.keys(status)).toEqual(LIVE_STATUS_KEYS);
    expect(Object.keys(inverter.DC['0'] ?? {})).toEqual([
      'name',
      'Power',
      'Voltage',
      'Current',
      'YieldDay',
      'YieldTotal',
      'Irradiation',
    ]);
    // Irradiation only where a Wp is configured.
    expect(inverter.DC['1']?.Irradiation).toBeUndefined();
    expect(inverter.DC['0']?.Irradiation?.max).toBe(410);
    expect(inverter.DC['0']?.name.u).toBe('Left');
    expect(inverter.AC['0']?.Voltage).toMatchObject({ u: 'V', d: 1 });
    expect(inverter.INV['0']?.Temperature).toMatchObject({ u: '°C', d: 1 });
    expect(inverter.producing).toBe(true);
    expect(inverter.radio_stats.rssi === -30 || inverter.radio_stats.rssi === -80).toBe(true);
    expect(inverter.limit_relative).toBe(0);
    expect(kit.sim.devInfo(HM800)).toMatchObject({
      valid_data: true,
      hw_model_name: 'HM-800-2T',
      max_power: 800,
    });
    expect(kit.sim.gridProfile(HM800)?.name).toBe('DE - DE_VDE4105_2018');
  });

  it('leaves unknown serials out of everything', async () => {
    kit = await createKit({
      start: '2025-06-21T12:00:00',
      inverters: [{ serial: HM800, strings: SOUTH }, { serial: '999912345678' }],
    });
    kit.advance(30_000);
    expect(kit.sim.inverterSerials()).toEqual([HM800]);
    expect(kit.sim.liveData('999912345678').inverters).toEqual([]);
    expect(kit.sim.liveData().inverters.map((i) => i.serial)).toEqual([HM800]);
    expect(Object.keys(kit.sim.limitStatus())).toEqual([HM800]);
    expect(kit.sim.eventLog('999912345678', 'en')).toBeNull();
    expect(kit.sim.devInfo('999912345678')).toBeNull();
    expect(kit.sim.setLimit('999912345678', 50, { relative: true, persistent: false })).toEqual({
      ok: false,
      reason: 'unknown-inverter',
    });
  });

  it('loses an HMS when the CMT frequency is outside the country band, not the HM', async () => {
    kit = await createKit({
      start: '2025-06-21T12:00:00',
      dtu: { cmt_frequency: 915_000_000, cmt_country_mode: 0 },
      inverters: [{ serial: HM800, strings: SOUTH }, { serial: HMS2000 }],
    });
    kit.advance(60_000);
    expect(full(kit, HMS2000).reachable).toBe(false);
    expect(full(kit, HMS2000).radio_stats.rx_success).toBe(0);
    expect(full(kit, HMS2000).radio_stats.rx_fail_nothing).toBeGreaterThan(2);
    expect(full(kit, HM800).reachable).toBe(true);
    await kit.store.update((draft) => {
      draft.dtu.cmt_frequency = 868_000_000;
    });
    kit.advance(30_000);
    expect(full(kit, HMS2000).reachable).toBe(true);
    expect(full(kit, HMS2000).radio_stats.rssi).toBeLessThan(-40);
  });

  it('simulates a missing radio module and an unsynchronised clock', async () => {
    kit = await createKit({
      start: '2025-06-21T12:00:00',
      inverters: [{ serial: HM800, strings: SOUTH }],
      sim: { faults: ['radio'] },
    });
    kit.advance(30_000);
    expect(kit.sim.hints().radio_problem).toBe(true);
    expect(full(kit, HM800).reachable).toBe(false);
    expect(full(kit, HM800).radio_stats.tx_request).toBe(0);
    await kit.close();

    kit = await createKit({
      start: '2025-06-21T12:00:00',
      synced: false,
      inverters: [{ serial: HM800, strings: SOUTH }],
    });
    kit.advance(30_000);
    const inverter = full(kit, HM800);
    expect(kit.sim.hints().time_sync).toBe(true);
    expect(inverter.radio_stats.tx_request).toBe(0);
    expect(inverter.data_age).toBe(30);
    expect(inverter.producing).toBe(false);
  });

  it('logs a grid disturbance and reconnects after it', async () => {
    // Find the first June day with a disturbance for this seed at the default place.
    const site = new Site(7, 51.1657, 10.4515);
    let fault: ReturnType<Site['gridFault']> = null;
    for (let day = 1; day <= 60 && !fault; day++) {
      fault = site.gridFault(Date.UTC(2025, 5, day, 12));
    }
    if (!fault) throw new Error('no grid disturbance in 60 days');
    kit = await createKit({
      start: new Date(fault.start - 120_000).toISOString(),
      inverters: [{ serial: HM800, strings: SOUTH }],
      sim: { weather: 'clear' },
    });
    kit.advance(fault.end - kit.clock.now() + 20_000, 1_000);
    expect(full(kit, HM800).AC['0']?.Power.v).toBe(0); // waiting out the reconnect time
    kit.advance(90_000, 1_000);
    expect(full(kit, HM800).AC['0']?.Power.v).toBeGreaterThan(50);
    const logged = kit.sim.eventLog(HM800, 'en')?.events.find((e) => e.message_id === fault.id);
    expect(logged?.message).toMatch(/^Grid: /);
    expect((logged?.end_time ?? 0) - (logged?.start_time ?? 0)).toBe(
      Math.floor(fault.end / 1000) - Math.floor(fault.start / 1000),
    );
  });

  it('announces every new reading', async () => {
    kit = await createKit({
      start: '2025-06-21T12:00:00',
      inverters: [{ serial: HM800, strings: SOUTH }, { serial: HMS2000 }],
    });
    const updates: string[] = [];
    kit.sim.on('update', (serial) => updates.push(serial));
    kit.advance(30_000);
    // Round robin: one inverter per 5 s poll interval.
    expect(updates.filter((s) => s === HM800).length).toBeGreaterThanOrEqual(2);
    expect(updates.filter((s) => s === HMS2000).length).toBeGreaterThanOrEqual(2);
    expect(updates.length).toBeLessThanOrEqual(7);
  });
});

describe('FleetSimulator string orientation (issue 23)', () => {
  it('uses the azimuth and tilt the owner set, and lists them in live data', async () => {
    kit = await createKit({
      start: '2025-06-21T07:30:00',
      inverters: [
        // Named south, set to face east: the setting wins over the name.
        {
          serial: HM800,
          strings: [
            ['South 1', 410, 90, 30],
            ['South 2', 410],
          ],
        },
      ],
      sim: { weather: 'clear' },
    });
    kit.advanceUntil('2025-06-21T08:30:00', 10_000);
    const dc = full(kit, HM800).DC;
    expect(dc['0']?.orientation).toEqual({ azimuth: 90, tilt: 30 });
    expect(dc['1']).not.toHaveProperty('orientation');
    // At 08:30 the sun is in the east: the east-facing string gives clearly more.
    expect(dc['0']?.Power.v ?? 0).toBeGreaterThan(1.3 * (dc['1']?.Power.v ?? 0));
  }, 60_000);
});
