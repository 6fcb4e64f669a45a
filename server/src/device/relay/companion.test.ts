import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';
import {
  fakeHostClock,
  loopbackDevice,
  quietly,
  settle,
} from '../../../test/helpers/loopback-device.js';
import { DeviceCompanion } from './companion.js';
import { DeviceTarget } from './device-target.js';

/**
 * A device's away time and the growing age of the live data kept for it come from the host clock
 * the companion is given, on its live socket and on its REST reads alike: here a fake one, years
 * from the real time, against a stand-in device on the loopback interface.
 */

let clock: ReturnType<typeof fakeHostClock>;

beforeEach(() => {
  clock = fakeHostClock();
});
afterEach(() => {
  vi.useRealTimers();
});

const [inverter] = liveDataMessageFixture.inverters;
const SERIAL = inverter!.serial;
const LIVE_STATUS = '/api/livedata/status';

function companionOf(url: string) {
  const lines: string[] = [];
  const companion = new DeviceCompanion({
    target: new DeviceTarget({ id: 'dtu', url }),
    log: (line) => lines.push(line),
    now: clock.now,
  });
  onTestFinished(() => companion.stop());
  return { companion, lines };
}

/** Moves the clock on in steps below the link's ping interval, letting each pong come in. */
async function advance(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 5000) {
    await vi.advanceTimersByTimeAsync(Math.min(5000, left));
    await quietly();
  }
}

describe('DeviceCompanion on a fake host clock', () => {
  it('ages the kept live frame and dates the outage by its clock', async () => {
    const device = await loopbackDevice();
    device.setMode('accept');
    const { companion } = companionOf(device.url);
    companion.start();
    await settle(() => companion.link.state === 'connected', 'connected');
    const frame = { ...liveDataMessageFixture, inverters: [{ ...inverter!, data_age: 5 }] };
    device.send(JSON.stringify(frame));
    await settle(() => companion.live.hasInverter(SERIAL), 'the frame');

    await advance(40_000);
    expect(companion.live.liveData(SERIAL).inverters[0]?.data_age).toBe(45);
    expect(companion.awaySince).toBeUndefined();

    device.setMode('hang-up');
    device.dropAll();
    await settle(() => companion.awaySince !== undefined, 'away');
    expect(companion.awaySince).toBe(clock.start + 40_000);

    // Retries fail for a minute: the outage keeps its start, the kept data keeps ageing.
    await advance(60_000);
    expect(companion.awaySince).toBe(clock.start + 40_000);
    expect(companion.live.liveData(SERIAL).inverters[0]?.data_age).toBe(105);
    expect(companion.live.inverterState(SERIAL)?.ageMs).toBe(105_000);
  });

  it('ages a kept REST answer and dates the first failed read by its clock', async () => {
    const device = await loopbackDevice();
    device.setMode('accept');
    device.answer(LIVE_STATUS, liveDataStatusFixture);
    const { companion } = companionOf(device.url);
    companion.start();
    await settle(() => companion.link.state === 'connected', 'connected');
    const read = await companion.relay.forward('GET', LIVE_STATUS);
    if (!read.ok) throw new Error(`the read failed: ${read.problem.message}`);
    companion.lastLive.keep(LIVE_STATUS, read);

    await advance(20_000);
    companion.lastLive.failed();
    // The live socket is up; the REST reads are what fail.
    expect(companion.awaySince).toBe(clock.start + 20_000);

    await advance(10_000);
    const aged = JSON.parse(companion.lastLive.aged(LIVE_STATUS)!.body.toString()) as {
      inverters: { data_age: number }[];
    };
    const ages = liveDataStatusFixture.inverters.map((one) => one.data_age + 30);
    expect(aged.inverters.map((one) => one.data_age)).toEqual(ages);
  });
});
