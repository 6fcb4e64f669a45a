import { describe, expect, it } from 'vitest';
import { ApiResultSchema } from '@heliodtu/contract/envelope';
import { InverterListSchema } from '@heliodtu/contract/inverter';
import { inverterDefaultSettings } from '@heliodtu/contract/fixtures/inverter';
import {
  basicAuth,
  buildTestGateway,
  type TestGateway,
} from '../../test/helpers/build-test-app.js';
import { blockConfigWrites, configOnDisk } from '../../test/helpers/config-on-disk.js';

const list = async (gw: TestGateway) =>
  InverterListSchema.parse(await gw.get('/api/inverter/list'));

const inverterConfig = (gw: TestGateway) =>
  configOnDisk<{
    cfg: { save_count: number };
    inverters: { serial: unknown; name: string; order: number }[];
  }>(gw);

async function add(gw: TestGateway, serial: string, name: string) {
  return ApiResultSchema.parse(await gw.post('/api/inverter/add', { serial, name }));
}

/** Asserts that `attempt` answers `code` and changes neither the list nor config.json. */
async function expectRefused(
  gw: TestGateway,
  urlPath: string,
  init: { data?: unknown; body?: RequestInit['body'] },
  code: number,
  param?: object,
) {
  const before = await list(gw);
  const diskBefore = await inverterConfig(gw);
  const response = await gw.request('POST', urlPath, init);
  expect(response.status).toBe(200);
  const result = ApiResultSchema.parse(await response.json());
  expect(result).toMatchObject({ type: 'warning', code });
  if (param) expect(result.param).toEqual(param);
  expect(await list(gw)).toEqual(before);
  expect(await inverterConfig(gw)).toEqual(diskBefore);
}

describe('GET /api/inverter/list', () => {
  it('is empty on a fresh gateway', async () => {
    const gw = await buildTestGateway();
    expect(await list(gw)).toEqual({ inverter: [] });
  });

  it('lists occupied slots in slot order with type and per-model channels', async () => {
    const gw = await buildTestGateway();
    await add(gw, '116180123456', 'Roof');
    await add(gw, '1141A0B1C2D3', 'Garage');
    await add(gw, '999912345678', 'Mystery');
    await gw.post('/api/inverter/del', { id: 1 });
    await add(gw, '112412345678', 'Balcony');
    const { inverter } = await list(gw);
    expect(inverter.map((i) => [i.id, i.serial, i.name, i.type, i.channel.length])).toEqual([
      [0, '116180123456', 'Roof', 'HM-1000/1200/1500-4T', 4],
      [1, '112412345678', 'Balcony', 'HMS-300/350/400/450/500-1T', 1],
      [2, '999912345678', 'Mystery', 'Unknown', 6],
    ]);
    expect(inverter[0]).toEqual({
      id: 0,
      name: 'Roof',
      order: 0,
      serial: '116180123456',
      ...inverterDefaultSettings,
      type: 'HM-1000/1200/1500-4T',
      channel: Array.from({ length: 4 }, () => ({
        name: '',
        max_power: 0,
        yield_total_offset: 0,
        // HelioDTU extension (issue 23): listed while unset, so the interface offers it.
        azimuth: null,
        tilt: null,
      })),
    });
  });
});

describe('POST /api/inverter/add', () => {
  it('answers 4004, stores the serial as a JSON number and prints it as lowercase hex', async () => {
    const gw = await buildTestGateway();
    expect(await add(gw, '1141A0B1C2D3', 'East')).toEqual({
      type: 'success',
      message: 'Inverter created!',
      code: 4004,
    });
    const disk = await inverterConfig(gw);
    expect(disk.inverters[0]?.serial).toBe(0x1141a0b1c2d3);
    expect(disk.inverters).toHaveLength(10);
    expect((await list(gw)).inverter[0]?.serial).toBe('1141a0b1c2d3');
  });

  it('answers 4003 {max:10} when all ten slots are used', async () => {
    const gw = await buildTestGateway();
    for (let i = 0; i < 10; i++) {
      expect(await add(gw, `11618012345${i}`, `Inverter ${i}`)).toMatchObject({ code: 4004 });
    }
    await expectRefused(
      gw,
      '/api/inverter/add',
      { data: { serial: '116180999999', name: 'Eleventh' } },
      4003,
      { max: 10 },
    );
  });

  it.each([
    ['serial 0', { serial: '0', name: 'A' }, 4001],
    ['an empty serial', { serial: '', name: 'A' }, 4001],
    ['a serial without hex digits', { serial: 'xyz', name: 'A' }, 4001],
    ['a serial wider than 12 hex digits', { serial: '1161801234567', name: 'A' }, 4001],
    ['a duplicate serial', { serial: '116180123456', name: 'Twin' }, 4001],
    ['a serial sent as a number', { serial: 116180123457, name: 'A' }, 1005],
    ['a missing name', { serial: '116180123457' }, 1005],
    ['a name sent as a number', { serial: '116180123457', name: 5 }, 1005],
  ])('refuses %s with %i', async (_name, data, code) => {
    const gw = await buildTestGateway();
    await add(gw, '116180123456', 'First');
    await expectRefused(gw, '/api/inverter/add', { data }, code);
  });

  it.each([
    ['empty', ''],
    ['32 characters', 'x'.repeat(32)],
  ])('refuses a name that is %s with 4002 {max:31}', async (_name, name) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, '/api/inverter/add', { data: { serial: '116180123456', name } }, 4002, {
      max: 31,
    });
  });

  it('gives concurrent adds distinct slots and refuses a concurrent duplicate', async () => {
    const gw = await buildTestGateway();
    const serials = ['116180123450', '116180123451', '116180123452', '116180123450'];
    const results = await Promise.all(serials.map((serial) => add(gw, serial, serial)));
    expect(results.map((r) => r.code).sort()).toEqual([4001, 4004, 4004, 4004]);
    expect((await list(gw)).inverter.map((i) => i.id)).toEqual([0, 1, 2]);
  });

  it('accepts a 31-character name', async () => {
    const gw = await buildTestGateway();
    expect(await add(gw, '116180123456', 'y'.repeat(31))).toMatchObject({ code: 4004 });
  });

  it.each([
    ['no data field', { body: new URLSearchParams({ other: '1' }) }, 1002],
    ['unparsable JSON', { data: '{serial' }, 1004],
  ])('answers %s with %i', async (_name, init, code) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, '/api/inverter/add', init, code);
  });

  it('answers 1006 when config.json cannot be written, and keeps the old state', async () => {
    const gw = await buildTestGateway();
    await blockConfigWrites(gw);
    expect(await add(gw, '116180123456', 'A')).toMatchObject({ type: 'warning', code: 1006 });
    expect(await list(gw)).toEqual({ inverter: [] });
  });
});

describe('POST /api/inverter/del', () => {
  it('answers 4008, empties the slot, and a new add lands there with defaults', async () => {
    const gw = await buildTestGateway();
    await add(gw, '116180123456', 'A');
    await add(gw, '116180123457', 'B');
    await gw.post('/api/inverter/order', { order: [1, 0] });
    expect(await gw.post('/api/inverter/del', { id: 0 })).toEqual({
      type: 'success',
      message: 'Inverter deleted!',
      code: 4008,
    });
    expect((await list(gw)).inverter.map((i) => i.id)).toEqual([1]);
    await add(gw, '116180123458', 'C');
    expect((await list(gw)).inverter[0]).toMatchObject({ id: 0, name: 'C', order: 0 });
  });

  it('answers 4008 for an already empty slot', async () => {
    const gw = await buildTestGateway();
    expect(await gw.post('/api/inverter/del', { id: 9 })).toMatchObject({ code: 4008 });
  });

  it.each([
    ['id 10', { id: 10 }, 4005],
    ['id 255', { id: 255 }, 4005],
    ['id 256 (not uint8)', { id: 256 }, 1005],
    ['a negative id', { id: -1 }, 1005],
    ['an id as a string', { id: '0' }, 1005],
    ['no id', {}, 1005],
  ])('refuses %s with %i', async (_name, data, code) => {
    const gw = await buildTestGateway();
    await add(gw, '116180123456', 'A');
    await expectRefused(gw, '/api/inverter/del', { data }, code);
  });
});

describe('POST /api/inverter/order', () => {
  it('gives each id its position; ids ≥ 10 are skipped but still count', async () => {
    const gw = await buildTestGateway();
    for (const serial of ['116180123450', '116180123451', '116180123452']) {
      await add(gw, serial, serial);
    }
    expect(await gw.post('/api/inverter/order', { order: ['2', 12, '0', 1] })).toEqual({
      type: 'success',
      message: 'Inverter order saved!',
      code: 4009,
    });
    const orders = (await list(gw)).inverter.map((i) => [i.id, i.order]);
    expect(orders).toEqual([
      [0, 2],
      [1, 3],
      [2, 0],
    ]);
    expect((await inverterConfig(gw)).inverters.slice(0, 3).map((s) => s.order)).toEqual([2, 3, 0]);
  });

  it.each([
    ['order not an array', { order: '0,1' }],
    ['no order', {}],
    ['a non-numeric entry', { order: [0, 'one'] }],
    ['a negative entry', { order: [-1, 0] }],
    ['an object entry', { order: [{ id: 0 }] }],
  ])('refuses %s with 1005', async (_name, data) => {
    const gw = await buildTestGateway();
    await add(gw, '116180123456', 'A');
    await add(gw, '116180123457', 'B');
    await expectRefused(gw, '/api/inverter/order', { data }, 1005);
  });
});

describe('inverter administration auth', () => {
  const endpoints: [method: 'GET' | 'POST', urlPath: string, data?: unknown][] = [
    ['GET', '/api/inverter/list'],
    ['POST', '/api/inverter/add', { serial: '116180123456', name: 'A' }],
    ['POST', '/api/inverter/edit', { id: 0, serial: '116180123456', name: 'A', channel: [{}] }],
    ['POST', '/api/inverter/del', { id: 0 }],
    ['POST', '/api/inverter/order', { order: [0] }],
  ];

  it.each([true, false])('needs the admin password (allow_readonly %s)', async (readonly) => {
    const gw = await buildTestGateway();
    await gw.app.store.update((draft) => {
      draft.security.allow_readonly = readonly;
    });
    for (const [method, urlPath, data] of endpoints) {
      const init = data === undefined ? {} : { data };
      const before = await list(gw);
      const anonymous = await gw.request(method, urlPath, { ...init, auth: null });
      const wrong = await gw.request(method, urlPath, { ...init, auth: basicAuth('wrong') });
      expect([urlPath, anonymous.status, wrong.status]).toEqual([urlPath, 401, 401]);
      expect(await anonymous.text()).toBe('');
      expect(await list(gw)).toEqual(before);
      const right = await gw.request(method, urlPath, init);
      expect([urlPath, right.status]).toEqual([urlPath, 200]);
    }
  });
});
