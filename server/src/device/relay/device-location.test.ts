import { describe, expect, it, onTestFinished } from 'vitest';
import { DeviceCompanion } from './companion.js';
import type { RelayResult } from './device-relay.js';
import { DeviceTarget } from './device-target.js';
import { loopbackHttp } from '../../../test/helpers/loopback-device.js';

// A companion's device tells where it is in its NTP settings (GET /api/ntp/config): latitude and
// longitude, which its alerts' daylight follows (alerts/device-daylight.test.ts). Read on every
// connection and after its NTP settings are saved through the companion; a read that fails or
// is off the globe keeps what was known.

/** A loopback "device" answering /api/ntp/config with whatever `ntp` holds now. */
async function deviceWithNtp(initial: object | null) {
  const state: { ntp: object | null; asked: number } = { ntp: initial, asked: 0 };
  const url = await loopbackHttp((request, response) => {
    state.asked += 1;
    if (request.url !== '/api/ntp/config' || state.ntp === null) {
      response.writeHead(500).end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(state.ntp));
  });
  const companion = new DeviceCompanion({
    target: new DeviceTarget({ id: 'far', url }),
    log: () => undefined,
  });
  onTestFinished(() => companion.stop());
  return { state, companion };
}

const SAVED: RelayResult = { ok: true, status: 200, headers: {}, body: Buffer.from('{}') };
const NTP = { ntp_timezone: 'NZST-12NZDT,M9.5.0,M4.1.0/3', latitude: -36.85, longitude: 174.76 };

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The device's NTP settings saved through the companion: it reads them again. */
async function saved(
  { state, companion }: Awaited<ReturnType<typeof deviceWithNtp>>,
  settled: () => boolean,
) {
  const before = state.asked;
  companion.relayed('POST', '/api/ntp/config', SAVED);
  for (let i = 0; i < 200 && state.asked === before; i += 1) await tick();
  // The answer is read a moment after the device was asked.
  for (let i = 0; i < 20 && !settled(); i += 1) await tick();
}

describe("a companion's device location", () => {
  it('is unknown until read, then the latitude and longitude of its NTP settings', async () => {
    const device = await deviceWithNtp(NTP);
    const { companion } = device;
    expect(companion.location).toBeUndefined();
    await saved(device, () => companion.location !== undefined);
    expect(companion.location).toEqual({ latitude: -36.85, longitude: 174.76 });
    expect(companion.timezone).toBe(NTP.ntp_timezone);
  });

  it('follows a new location saved on the device', async () => {
    const device = await deviceWithNtp(NTP);
    const { state, companion } = device;
    await saved(device, () => companion.location !== undefined);
    state.ntp = { ...NTP, latitude: 48.14, longitude: 11.58 };
    await saved(device, () => companion.location?.latitude === 48.14);
    expect(companion.location).toEqual({ latitude: 48.14, longitude: 11.58 });
  });

  it('keeps what it knew after a failed read or a place off the globe', async () => {
    const device = await deviceWithNtp(NTP);
    const { state, companion } = device;
    await saved(device, () => companion.location !== undefined);
    state.ntp = null;
    await saved(device, () => false);
    expect(companion.location).toEqual({ latitude: -36.85, longitude: 174.76 });
    state.ntp = { ...NTP, ntp_timezone: 'UTC0', latitude: 123, longitude: 174.76 };
    await saved(device, () => companion.timezone === 'UTC0');
    expect(companion.timezone).toBe('UTC0');
    expect(companion.location).toEqual({ latitude: -36.85, longitude: 174.76 });
  });
});
