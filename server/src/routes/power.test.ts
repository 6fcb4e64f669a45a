import { describe, expect, it } from 'vitest';
import { PowerStatusSchema } from '@heliodtu/contract/power';
import { RadioStatsSchema } from '@heliodtu/contract/live-data';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import {
  DEMO_SERIALS,
  HM_SERIAL,
  HMT_SERIAL,
  buildLiveGateway,
} from '../../test/helpers/live-gateway.js';

describe('GET /api/power/status', () => {
  it('lists every inverter by serial, Ok at boot; open while allow_readonly is on', async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    const response = await gw.request('GET', '/api/power/status', { auth: null });
    const status = PowerStatusSchema.parse(await response.json());
    expect(Object.keys(status)).toEqual([...DEMO_SERIALS]);
    expect(status[HMT_SERIAL]).toEqual({ power_set_status: 'Ok' });
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect((await gw.request('GET', '/api/power/status', { auth: null })).status).toBe(401);
  });
});

describe('POST /api/power/config', () => {
  it.each([
    ['power off', { power: false }],
    ['power on', { power: true }],
    ['restart', { restart: true }],
  ])('queues %s: 1001 and Pending', async (_name, command) => {
    const gw = await buildLiveGateway();
    expect(await gw.post('/api/power/config', { serial: HM_SERIAL, ...command })).toEqual({
      type: 'success',
      message: 'Settings saved!',
      code: 1001,
    });
    const status = PowerStatusSchema.parse(await gw.get('/api/power/status'));
    expect(status[HM_SERIAL]?.power_set_status).toBe('Pending');
  });

  it('answers restart:false with 1001 and queues nothing', async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    expect(await gw.post('/api/power/config', { serial: HM_SERIAL, restart: false })).toMatchObject(
      { code: 1001 },
    );
    const status = PowerStatusSchema.parse(await gw.get('/api/power/status'));
    expect(status[HM_SERIAL]?.power_set_status).toBe('Ok');
  });

  it.each([
    ['serial not a string', { serial: 5, power: true }, 1005],
    ['power not a bool', { serial: HM_SERIAL, power: 1 }, 1005],
    ['neither power nor restart', { serial: HM_SERIAL }, 1005],
    ['serial 0', { serial: '0', power: true }, 11001],
    ['unknown inverter', { serial: '112233445566', power: true }, 11002],
    ['unknown inverter, restart false', { serial: '112233445566', restart: false }, 11002],
  ])('answers %s with %i', async (_name, data, code) => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    expect(await gw.post('/api/power/config', data)).toMatchObject({ type: 'warning', code });
    const status = PowerStatusSchema.parse(await gw.get('/api/power/status'));
    expect(Object.values(status).every((s) => s.power_set_status === 'Ok')).toBe(true);
  });

  it('needs the admin password', async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    const response = await gw.request('POST', '/api/power/config', {
      auth: null,
      data: { serial: HM_SERIAL, power: false },
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/inverter/stats_reset', () => {
  it('resets the radio statistics of a known inverter: 4010', async () => {
    const gw = await buildLiveGateway();
    const stats = async () => {
      const body = (await gw.get(`/api/livedata/status?inv=${HM_SERIAL}`)) as {
        inverters: { radio_stats: unknown }[];
      };
      return RadioStatsSchema.parse(body.inverters[0]?.radio_stats);
    };
    expect((await stats()).tx_request).toBeGreaterThan(0);
    expect(await gw.get(`/api/inverter/stats_reset?inv=${HM_SERIAL}`)).toEqual({
      type: 'success',
      message: 'Stats resetted',
      code: 4010,
    });
    const after = await stats();
    // A poll may land in between; the counters start again from (almost) nothing.
    expect(after.tx_request).toBeLessThanOrEqual(1);
  });

  it('answers {} for an unknown or missing serial, and 401 without credentials', async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    expect(await gw.get('/api/inverter/stats_reset?inv=112233445566')).toEqual({});
    expect(await gw.get('/api/inverter/stats_reset')).toEqual({});
    const anonymous = await gw.request('GET', `/api/inverter/stats_reset?inv=${HM_SERIAL}`, {
      auth: null,
    });
    expect(anonymous.status).toBe(401);
    const empty = await buildTestGateway();
    expect(await empty.get(`/api/inverter/stats_reset?inv=${HM_SERIAL}`)).toEqual({});
  });
});
