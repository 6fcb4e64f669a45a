import { describe, expect, it } from 'vitest';
import {
  LiveDataFullStatusSchema,
  LiveDataPartialStatusSchema,
} from '@heliodtu/contract/live-data';
import {
  INVERTER_FULL_KEYS,
  INVERTER_PARTIAL_KEYS,
  LIVE_STATUS_KEYS,
} from '@heliodtu/contract/fixtures/wire-keys';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import {
  DEMO_SERIALS,
  HM_SERIAL,
  HMS_SERIAL,
  HMT_SERIAL,
  buildLiveGateway,
} from '../../test/helpers/live-gateway.js';

async function liveStatus(gw: TestGateway, query = '', auth?: string | null) {
  const response = await gw.request(
    'GET',
    `/api/livedata/status${query}`,
    auth === undefined ? {} : { auth },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

describe('GET /api/livedata/status', () => {
  it('lists every inverter as a partial object, in slot order, with total and hints', async () => {
    const gw = await buildLiveGateway();
    const body = await liveStatus(gw, '', null);
    expect(Object.keys(body)).toEqual(LIVE_STATUS_KEYS);
    const status = LiveDataPartialStatusSchema.parse(body);
    expect(status.inverters.map((inv) => inv.serial)).toEqual([...DEMO_SERIALS]);
    for (const inverter of body['inverters'] as object[])
      expect(Object.keys(inverter)).toEqual(INVERTER_PARTIAL_KEYS);
    expect(status.inverters.every((inv) => inv.reachable && inv.producing)).toBe(true);
    expect(status.total.Power).toMatchObject({ u: 'W', d: 1 });
    expect(status.total.Power.v).toBeGreaterThan(0);
    expect(status.hints).toEqual({
      time_sync: false,
      radio_problem: false,
      default_password: true,
    });
  });

  it('gives the full object of one inverter with ?inv=, with every channel of its model', async () => {
    const gw = await buildLiveGateway();
    const body = await liveStatus(gw, `?inv=${HM_SERIAL}`);
    const status = LiveDataFullStatusSchema.parse(body);
    expect(status.inverters).toHaveLength(1);
    const [hm] = body['inverters'] as Record<string, unknown>[];
    expect(Object.keys(hm ?? {})).toEqual(INVERTER_FULL_KEYS);
    const inverter = status.inverters[0]!;
    expect(Object.keys(inverter.DC)).toEqual(['0', '1']);
    expect(inverter.DC['0']?.name).toEqual({ u: 'Balcony left' });
    expect(inverter.DC['0']?.Irradiation).toMatchObject({ u: '%', d: 3, max: 410 });
    expect(Object.keys(inverter.INV['0'] ?? {})).toContain('Power DC');

    const hmt = LiveDataFullStatusSchema.parse(await liveStatus(gw, `?inv=${HMT_SERIAL}`));
    expect(Object.keys(hmt.inverters[0]?.DC ?? {})).toHaveLength(6);
    // Serials are hex: upper case and leading zeros name the same inverter.
    const upper = await liveStatus(gw, `?inv=00${HMS_SERIAL.toUpperCase()}`);
    expect((upper['inverters'] as { serial: string }[])[0]?.serial).toBe(HMS_SERIAL);
  });

  it('answers [] for an unknown serial and the partial list for an absent, 0 or unparsable inv', async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    const unknown = LiveDataFullStatusSchema.parse(await liveStatus(gw, '?inv=112233445566'));
    expect(unknown.inverters).toEqual([]);
    for (const query of ['?inv=0', '?inv=', '?inv=zz', '?other=1']) {
      const body = await liveStatus(gw, query);
      const status = LiveDataPartialStatusSchema.parse(body);
      expect(status.inverters).toHaveLength(3);
      expect(Object.keys((body['inverters'] as object[])[0] ?? {})).toEqual(INVERTER_PARTIAL_KEYS);
    }
  });

  it('is open while allow_readonly is on, and needs the admin password when it is off', async () => {
    const gw = await buildTestGateway();
    expect((await gw.request('GET', '/api/livedata/status', { auth: null })).status).toBe(200);
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    const anonymous = await gw.request('GET', '/api/livedata/status', { auth: null });
    expect(anonymous.status).toBe(401);
    const body = await liveStatus(gw);
    expect(LiveDataPartialStatusSchema.parse(body).inverters).toEqual([]);
  });
});
