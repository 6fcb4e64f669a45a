import { describe, expect, it } from 'vitest';
import { LimitStatusSchema } from '@heliodtu/contract/limit';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import {
  DEMO_SERIALS,
  HM_SERIAL,
  HMS_SERIAL,
  buildLiveGateway,
  waitFor,
} from '../../test/helpers/live-gateway.js';

describe('GET /api/limit/status', () => {
  it('lists every inverter by serial; {} without inverters', async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    const response = await gw.request('GET', '/api/limit/status', { auth: null });
    const status = LimitStatusSchema.parse(await response.json());
    expect(Object.keys(status)).toEqual([...DEMO_SERIALS]);
    expect(status[HM_SERIAL]?.limit_set_status).toBe('Ok');
    const empty = await buildTestGateway();
    expect(await empty.get('/api/limit/status')).toEqual({});
  });

  it('is open while allow_readonly is on, 401 without credentials when it is off', async () => {
    const gw = await buildTestGateway();
    expect((await gw.request('GET', '/api/limit/status', { auth: null })).status).toBe(200);
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect((await gw.request('GET', '/api/limit/status', { auth: null })).status).toBe(401);
    expect((await gw.request('GET', '/api/limit/status')).status).toBe(200);
  });
});

describe('POST /api/limit/config', () => {
  it('queues a limit: 1001, Pending at once, then Ok with the new relative limit', async () => {
    const gw = await buildLiveGateway();
    expect(
      await gw.post('/api/limit/config', { serial: HM_SERIAL, limit_value: 50, limit_type: 1 }),
    ).toEqual({ type: 'success', message: 'Settings saved!', code: 1001 });
    const pending = LimitStatusSchema.parse(await gw.get('/api/limit/status'));
    expect(pending[HM_SERIAL]?.limit_set_status).toBe('Pending');
    const done = await waitFor(async () => {
      const status = LimitStatusSchema.parse(await gw.get('/api/limit/status'))[HM_SERIAL];
      return status?.limit_set_status === 'Ok' && status;
    });
    expect(done.limit_relative).toBe(50);
  });

  it("accepts the v24.11.7 limit_type values by default and refuses v26.3.30's 2/3 (5003)", async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    for (const limit_type of [0, 1, 256, 257]) {
      expect(
        await gw.post('/api/limit/config', { serial: HMS_SERIAL, limit_value: 80, limit_type }),
      ).toMatchObject({ code: 1001 });
    }
    for (const limit_type of [2, 3]) {
      expect(
        await gw.post('/api/limit/config', { serial: HMS_SERIAL, limit_value: 80, limit_type }),
      ).toMatchObject({ code: 5003 });
    }
  });

  it.each([
    ['serial not a string', { serial: 1, limit_value: 5, limit_type: 1 }, 1005, undefined],
    [
      'limit_value not a number',
      { serial: HM_SERIAL, limit_value: '5', limit_type: 1 },
      1005,
      undefined,
    ],
    [
      'limit_type not a uint16',
      { serial: HM_SERIAL, limit_value: 5, limit_type: -1 },
      1005,
      undefined,
    ],
    ['missing limit_type', { serial: HM_SERIAL, limit_value: 5 }, 1005, undefined],
    ['serial 0', { serial: '0', limit_value: 5, limit_type: 1 }, 5001, undefined],
    [
      'limit above 2250',
      { serial: HM_SERIAL, limit_value: 2251, limit_type: 0 },
      5002,
      { max: 2250 },
    ],
    ['negative limit', { serial: HM_SERIAL, limit_value: -5, limit_type: 0 }, 5002, { max: 2250 }],
    ['unknown type', { serial: HM_SERIAL, limit_value: 5, limit_type: 4 }, 5003, undefined],
    [
      'unknown inverter',
      { serial: '112233445566', limit_value: 5, limit_type: 1 },
      5004,
      undefined,
    ],
  ])('answers %s with %i and changes nothing', async (_name, data, code, param) => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    const before = await gw.get('/api/limit/status');
    const answer = await gw.post('/api/limit/config', data);
    expect(answer).toMatchObject({ type: 'warning', code });
    expect(answer['param']).toEqual(param);
    expect(await gw.get('/api/limit/status')).toEqual(before);
  });

  it('needs the admin password', async () => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    const response = await gw.request('POST', '/api/limit/config', {
      auth: null,
      data: { serial: HM_SERIAL, limit_value: 5, limit_type: 1 },
    });
    expect(response.status).toBe(401);
    const status = LimitStatusSchema.parse(await gw.get('/api/limit/status'));
    expect(status[HM_SERIAL]?.limit_set_status).toBe('Ok');
  });
});
