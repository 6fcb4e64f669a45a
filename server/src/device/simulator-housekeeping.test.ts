import { afterEach, describe, expect, it } from 'vitest';
import { createKit, type Kit } from './sim-test-kit.js';

const HM800 = '114182352592';
const HMS2000 = '1164a113c7e2';
const SOUTH: readonly (readonly [string, number])[] = [
  ['South 1', 410],
  ['South 2', 410],
];

const kits: Kit[] = [];
afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.close();
}, 30_000);
async function kitOf(options: Parameters<typeof createKit>[0]): Promise<Kit> {
  const kit = await createKit(options);
  kits.push(kit);
  return kit;
}

const live = (k: Kit, serial: string) => {
  const inverter = k.sim.liveData(serial).inverters[0];
  if (!inverter) throw new Error(`no live data for ${serial}`);
  return inverter;
};
const yieldDay = (k: Kit, serial: string) => live(k, serial).INV['0']?.YieldDay.v ?? NaN;
const yieldTotal = (k: Kit, serial: string) => live(k, serial).INV['0']?.YieldTotal.v ?? NaN;

describe('midnight housekeeping', () => {
  const tokyo = { timezone: 'JST-9', latitude: 35.7, longitude: 139.7 };
  const housekeeping = { zero_day: true, clear_eventlog: true };

  it('does nothing at UTC midnight when the zone is elsewhere', async () => {
    // Tokyo: UTC midnight is 09:00 local.
    const k = await kitOf({
      start: '2025-06-21T08:55:00',
      ntp: tokyo,
      inverters: [{ serial: HM800, strings: SOUTH, slot: housekeeping }],
      sim: { weather: 'clear' },
    });
    k.advanceUntil('2025-06-21T08:59:50', 5_000);
    const before = live(k, HM800);
    expect(before.INV['0']?.YieldDay.v).toBeGreaterThan(500);
    k.advanceUntil('2025-06-21T09:00:30', 5_000);
    const after = live(k, HM800);
    expect(after.INV['0']?.YieldDay.v).toBeGreaterThanOrEqual(before.INV['0']?.YieldDay.v ?? 0);
    expect(after.events).toBeGreaterThan(0);
    expect(after.radio_stats.tx_request).toBeGreaterThan(before.radio_stats.tx_request);
  }, 60_000);

  it('runs zero_day, clear_eventlog and the radio reset at local midnight', async () => {
    const k = await kitOf({
      start: '2025-06-21T18:00:00',
      ntp: tokyo,
      inverters: [{ serial: HM800, strings: SOUTH, slot: housekeeping }],
      sim: { weather: 'clear' },
    });
    k.advanceUntil('2025-06-21T23:59:00', 60_000);
    const evening = live(k, HM800);
    expect(evening.INV['0']?.YieldDay.v).toBeGreaterThan(1000);
    expect(evening.events).toBeGreaterThan(0);
    expect(evening.radio_stats.tx_request).toBeGreaterThan(1000);

    k.advanceUntil('2025-06-22T00:00:30', 5_000);
    const night = live(k, HM800);
    expect(night.INV['0']?.YieldDay.v).toBe(0);
    expect(k.sim.liveData().total.YieldDay.v).toBe(0);
    expect(night.events).toBe(0);
    expect(night.radio_stats.tx_request).toBeLessThan(10);
    expect(night.INV['0']?.YieldTotal.v).toBe(evening.INV['0']?.YieldTotal.v);
  }, 60_000);

  it('keeps the day yield at midnight without zero_day, and zeroes values with zero_runtime', async () => {
    const k = await kitOf({
      start: '2025-06-21T21:00:00',
      inverters: [{ serial: HM800, strings: SOUTH, slot: { zero_runtime: true } }],
    });
    k.advance(60_000, 5_000);
    expect(live(k, HM800).INV['0']?.Temperature.v).toBeGreaterThan(10);
    k.advanceUntil('2025-06-22T00:10:00', 60_000);
    const inverter = live(k, HM800);
    expect(inverter.INV['0']?.YieldDay.v).toBeGreaterThan(1000);
    expect(inverter.reachable).toBe(false);
    expect(inverter.AC['0']?.Voltage.v).toBe(0);
    expect(inverter.AC['0']?.Frequency.v).toBe(0);
    expect(inverter.DC['0']?.Voltage.v).toBe(0);
    expect(inverter.INV['0']?.Temperature.v).toBe(0);
  }, 60_000);
});

describe('day and night', () => {
  it('stops polling at night without poll_enable_night; yields stay in the totals', async () => {
    const k = await kitOf({
      start: '2025-06-21T22:30:00',
      ntp: { sunsettype: 0 },
      inverters: [{ serial: HM800, strings: SOUTH, slot: { poll_enable_night: false } }],
    });
    k.advance(2 * 60_000, 5_000);
    const inverter = live(k, HM800);
    expect(inverter.poll_enabled).toBe(false);
    expect(inverter.reachable).toBe(false);
    expect(inverter.producing).toBe(false);
    expect(inverter.radio_stats.tx_request).toBe(0);
    expect(inverter.data_age).toBeGreaterThanOrEqual(120);
    const total = k.sim.liveData().total;
    expect(total.Power).toEqual({ v: 0, u: 'W', d: 0 });
    expect(total.YieldDay.v).toBe(0); // nothing received since boot
    k.advanceUntil('2025-06-22T05:30:00', 60_000);
    expect(live(k, HM800).poll_enabled).toBe(true);
  }, 60_000);
});

describe('clock jumps', () => {
  it('lives through a day when the clock is set a day ahead, and goes on after setting it back', async () => {
    const k = await kitOf({
      start: '2025-06-21T12:00:00',
      inverters: [{ serial: HM800, strings: SOUTH }],
      sim: { weather: 'clear' },
    });
    k.advance(30_000);
    const before = live(k, HM800);
    k.clock.set(k.at('2025-06-22T10:00:00'));
    k.advance(30_000);
    const after = live(k, HM800);
    // Midnight passed: radio statistics started over; the inverter booted this morning.
    expect(after.radio_stats.tx_request).toBeLessThan(before.radio_stats.tx_request);
    expect(after.INV['0']?.YieldDay.v).toBeLessThan(before.INV['0']?.YieldDay.v ?? 0);
    expect(after.INV['0']?.YieldTotal.v).toBeGreaterThan((before.INV['0']?.YieldTotal.v ?? 0) + 3);
    expect(k.sim.eventLog(HM800, 'en')?.events[0]?.start_time).toBeLessThan(7 * 3600);
    expect(after.data_age).toBeLessThan(10);

    k.clock.set(k.at('2025-06-22T09:00:00'));
    k.advance(30_000);
    expect(live(k, HM800).reachable).toBe(true);
    expect(live(k, HM800).data_age).toBeLessThan(10);
  }, 60_000);
});

describe('sunset types', () => {
  it.each([
    [0, false],
    [2, false],
    [1, true],
    [3, true],
  ])('sunsettype %i at 23:00 on 21 June at 51°N: polling by day rules is %s', async (type, day) => {
    // Civil dusk is about 22:24, nautical 23:36; astronomical never ends (inverter-domain §9.2).
    const k = await kitOf({
      start: '2025-06-21T22:58:00',
      ntp: { sunsettype: type },
      inverters: [{ serial: HM800, strings: SOUTH, slot: { poll_enable_night: false } }],
    });
    k.advance(2 * 60_000, 10_000);
    expect(live(k, HM800).poll_enabled).toBe(day);
  });
});

describe('persistence', () => {
  it('keeps YieldTotal and the day yield across a gateway restart', async () => {
    const first = await kitOf({
      start: '2025-06-21T12:00:00',
      inverters: [{ serial: HM800, strings: SOUTH }, { serial: HMS2000 }],
      sim: { weather: 'clear' },
    });
    first.advance(60_000);
    const total = yieldTotal(first, HM800);
    const day = yieldDay(first, HM800);
    expect(total).toBeGreaterThan(100);
    const stoppedAt = first.clock.now();
    kits.splice(kits.indexOf(first), 1);
    await first.close(true);

    const second = await kitOf({
      dataDir: first.dataDir,
      start: new Date(stoppedAt).toISOString(),
      inverters: [{ serial: HM800, strings: SOUTH }, { serial: HMS2000 }],
      sim: { weather: 'clear' },
    });
    second.advance(10_000);
    expect(Math.abs(yieldTotal(second, HM800) - total)).toBeLessThan(0.01);
    expect(yieldDay(second, HM800)).toBeGreaterThanOrEqual(day);
    expect(yieldDay(second, HM800)).toBeLessThan(day + 10);
  }, 60_000);

  it('lets a restarted gateway find the inverters further along after a gap', async () => {
    const first = await kitOf({
      start: '2025-06-21T11:00:00',
      inverters: [{ serial: HM800, strings: SOUTH }],
      sim: { weather: 'clear' },
    });
    first.advance(30_000);
    const total = yieldTotal(first, HM800);
    kits.splice(kits.indexOf(first), 1);
    await first.close(true);
    const second = await kitOf({
      dataDir: first.dataDir,
      start: '2025-06-21T13:00:00',
      inverters: [{ serial: HM800, strings: SOUTH }],
      sim: { weather: 'clear' },
    });
    second.advance(10_000);
    // Two sunny hours of an 820 Wp balcony plant went by meanwhile.
    expect(yieldTotal(second, HM800) - total).toBeGreaterThan(0.8);
    expect(yieldTotal(second, HM800) - total).toBeLessThan(1.6);
  }, 60_000);
});
