import { describe, expect, it } from 'vitest';
import {
  LiveDataFullStatusSchema,
  LiveDataPartialStatusSchema,
  type LiveDataFullStatus,
} from '@heliodtu/contract/live-data';
import { buildTestGateway, type TestGateway } from './helpers/build-test-app.js';
import {
  DEMO_SERIALS,
  HM_SERIAL,
  HMS_SERIAL,
  HMT_SERIAL,
  buildLiveGateway,
  waitFor,
} from './helpers/live-gateway.js';

// Issue 3 "Done when": started with SIM_START at noon the demo fleet produces plausible values
// on every channel; at night it sleeps. Checked over HTTP, as an integrator sees it.

type Inverter = LiveDataFullStatus['inverters'][number];

const partial = async (gw: TestGateway) =>
  LiveDataPartialStatusSchema.parse(await gw.get('/api/livedata/status'));

async function full(gw: TestGateway, serial: string): Promise<Inverter> {
  const status = LiveDataFullStatusSchema.parse(await gw.get(`/api/livedata/status?inv=${serial}`));
  const inverter = status.inverters[0];
  if (!inverter) throw new Error(`no live data for ${serial}`);
  return inverter;
}

const within = (value: number, low: number, high: number) => {
  expect(value).toBeGreaterThanOrEqual(low);
  expect(value).toBeLessThanOrEqual(high);
};

/** A value that must be a number (the wire sends NaN as null). */
const num = (field: { v: number | null }): number => {
  expect(field.v).not.toBeNull();
  return field.v ?? Number.NaN;
};

/** Values a June noon can give in any weather (inverter-domain §2.2, §2.4). */
function expectPlausibleNoon(inverter: Inverter, threePhase: boolean) {
  expect([inverter.reachable, inverter.producing]).toEqual([true, true]);
  const strings = Object.values(inverter.DC);
  let dcPower = 0;
  let dcYieldDay = 0;
  for (const dc of strings) {
    const wp = dc.Irradiation?.max ?? 0;
    expect(wp).toBeGreaterThan(0);
    within(num(dc.Power), 1, wp * 1.05);
    within(num(dc.Voltage), 16, 60);
    within(num(dc.Current), 0.05, 16);
    // P = U·I within the rounding of the three values.
    expect(Math.abs(num(dc.Power) - num(dc.Voltage) * num(dc.Current))).toBeLessThan(
      0.03 * num(dc.Power) + 0.5,
    );
    expect(num(dc.YieldDay)).toBeGreaterThan(0);
    expect(num(dc.YieldTotal)).toBeGreaterThan(1);
    expect(dc.Irradiation?.v ?? NaN).toBeCloseTo((num(dc.Power) / wp) * 100, 0);
    dcPower += num(dc.Power);
    dcYieldDay += num(dc.YieldDay);
  }
  const ac = inverter.AC['0'];
  const inv = inverter.INV['0'];
  if (!ac || !inv) throw new Error('AC or INV group missing');
  within(num(ac.Power), 1, dcPower);
  within(num(ac.Voltage), threePhase ? 370 : 207, threePhase ? 430 : 253);
  within(num(ac.Frequency), 49.8, 50.2);
  within(num(ac.PowerFactor), 0.8, 1);
  within(num(ac.ReactivePower), 0, 0.5 * num(ac.Power) + 30);
  // HMT-6CH reports the sum of its three phase currents (inverter-domain §2.2).
  const current = threePhase
    ? (Math.sqrt(3) * num(ac.Power)) / num(ac.Voltage)
    : num(ac.Power) / num(ac.Voltage) / num(ac.PowerFactor);
  expect(Math.abs(num(ac.Current) - current)).toBeLessThan(0.1 * current + 0.03);
  expect(Math.abs(num(inv['Power DC']) - dcPower)).toBeLessThan(0.05 * strings.length + 0.1);
  expect(Math.abs(num(inv.YieldDay) - dcYieldDay)).toBeLessThanOrEqual(strings.length);
  within(num(inv.Temperature), 5, 75);
  within(num(inv.Efficiency), 85, 97.5);
  expect(num(inv.Efficiency)).toBeCloseTo((num(ac.Power) / num(inv['Power DC'])) * 100, 0);
}

describe('the demo fleet by day and night (issue 3 "Done when")', () => {
  it('produces plausible values on every channel at a June noon', async () => {
    const gw = await buildLiveGateway();
    for (const serial of DEMO_SERIALS)
      expectPlausibleNoon(await full(gw, serial), serial === HMT_SERIAL);
    expect((await full(gw, HMT_SERIAL)).DC).toSatisfy((dc: object) => Object.keys(dc).length === 6);
  });

  it('sleeps at 23:00: no power, unreachable, not producing', async () => {
    const gw = await buildLiveGateway({ simStart: '2025-06-21T23:00:00' }, { waitForData: false });
    const status = await waitFor(
      async () => {
        const body = await partial(gw);
        return body.inverters.every((inverter) => !inverter.reachable) && body;
      },
      10_000,
      'every inverter unreachable',
    );
    expect(status.total.Power.v).toBe(0);
    for (const inverter of status.inverters) {
      expect(inverter.producing).toBe(false);
      expect(inverter.radio_stats.rx_success).toBe(0);
      expect(inverter.radio_stats.rx_fail_nothing).toBeGreaterThan(0);
      expect((await full(gw, inverter.serial)).AC['0']?.Power.v).toBe(0);
    }
  });
});

describe('SIM_FAULTS unreachable:<serial> over HTTP', () => {
  it('silences that inverter only; a failed limit command says so', async () => {
    const gw = await buildLiveGateway(
      { simFaults: [`unreachable:${HMS_SERIAL.toUpperCase()}`] },
      { waitForData: false },
    );
    const status = await waitFor(
      async () => {
        const body = await partial(gw);
        const bySerial = new Map(body.inverters.map((inverter) => [inverter.serial, inverter]));
        const others = [HM_SERIAL, HMT_SERIAL].every((s) => bySerial.get(s)?.producing);
        return others && bySerial.get(HMS_SERIAL)?.reachable === false && bySerial;
      },
      10_000,
      'the HMS unreachable and the others producing',
    );
    const hms = status.get(HMS_SERIAL);
    expect(hms?.producing).toBe(false);
    expect(hms?.radio_stats.rx_success).toBe(0);
    expect(hms?.radio_stats.tx_request).toBeGreaterThan(0);
    expect(status.get(HM_SERIAL)?.reachable).toBe(true);

    const answer = await gw.post('/api/limit/config', {
      serial: HMS_SERIAL,
      limit_type: 1,
      limit_value: 50,
    });
    expect(answer).toMatchObject({ type: 'success' });
    // Failure after about 10 s of device time (inverter-domain §7): half a second at 20×.
    await waitFor(
      async () => {
        const limits = (await gw.get('/api/limit/status')) as Record<
          string,
          { limit_set_status: string }
        >;
        return limits[HMS_SERIAL]?.limit_set_status === 'Failure';
      },
      10_000,
      'the limit command to fail',
    );
  });
});

describe('SIM_FAULTS unsynced and radio over HTTP', () => {
  it('shows the time_sync hint until the clock is set, and radio_problem without radios', async () => {
    const gw = await buildTestGateway({ simFleet: 'demo', simFaults: ['unsynced', 'radio'] });
    // Longer than the boot-time NTP sync takes without the fault.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await partial(gw)).hints).toEqual({
      time_sync: true,
      radio_problem: true,
      default_password: true,
    });
    expect(await gw.get('/api/ntp/status')).toMatchObject({ ntp_status: false });
    const set = await gw.post('/api/ntp/time', {
      year: 2025,
      month: 6,
      day: 21,
      hour: 12,
      minute: 0,
      second: 0,
    });
    expect(set).toMatchObject({ type: 'success' });
    expect((await partial(gw)).hints).toMatchObject({ time_sync: false, radio_problem: true });
  });
});
