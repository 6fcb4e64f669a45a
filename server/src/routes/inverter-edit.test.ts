import { describe, expect, it } from 'vitest';
import { ApiResultSchema } from '@heliodtu/contract/envelope';
import { InverterListSchema, type Inverter } from '@heliodtu/contract/inverter';
import { inverterDefaultSettings } from '@heliodtu/contract/fixtures/inverter';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import { configOnDisk, configText } from '../../test/helpers/config-on-disk.js';

const list = async (gw: TestGateway) =>
  InverterListSchema.parse(await gw.get('/api/inverter/list'));

/** A gateway with two HM-2T inverters in slots 0 and 1; returns slot 0 as listed. */
async function withInverters(): Promise<[TestGateway, Inverter]> {
  const gw = await buildTestGateway();
  await gw.post('/api/inverter/add', { serial: '114182952590', name: 'West' });
  await gw.post('/api/inverter/add', { serial: '114182952591', name: 'East' });
  const first = (await list(gw)).inverter[0];
  if (!first) throw new Error('no inverter listed');
  return [gw, first];
}

const edit = async (gw: TestGateway, data: unknown) =>
  ApiResultSchema.parse(await gw.post('/api/inverter/edit', data));

describe('POST /api/inverter/edit', () => {
  it('answers 4007 and stores every field; type, order and id are not stored', async () => {
    const [gw, inverter] = await withInverters();
    const changed = {
      ...inverter,
      serial: '114182952599',
      name: 'West roof',
      order: 7,
      type: 'Made up',
      poll_enable: false,
      poll_enable_night: false,
      command_enable: false,
      command_enable_night: false,
      reachable_threshold: 100,
      zero_runtime: true,
      zero_day: true,
      clear_eventlog: true,
      yieldday_correction: true,
      channel: [
        { name: 'Left', max_power: 65535, yield_total_offset: 12.5, azimuth: 95, tilt: 25 },
        { name: 'r'.repeat(31), max_power: 0, yield_total_offset: 0, azimuth: null, tilt: null },
      ],
    };
    expect(await edit(gw, changed)).toEqual({
      type: 'success',
      message: 'Inverter changed!',
      code: 4007,
    });
    expect((await list(gw)).inverter[0]).toEqual({
      ...changed,
      order: 0,
      type: 'HM-600/700/800-2T',
    });
    const disk = await configOnDisk<{ inverters: { serial: number; channel: unknown[] }[] }>(gw);
    expect(disk.inverters[0]?.serial).toBe(0x114182952599);
    expect(disk.inverters[0]?.channel).toHaveLength(6);
    // The orientation sits beside OpenDTU's fields, and only where it is set.
    expect(disk.inverters[0]?.channel.slice(0, 2)).toEqual([
      { name: 'Left', max_power: 65535, yield_total_offset: 12.5, azimuth: 95, tilt: 25 },
      { name: 'r'.repeat(31), max_power: 0, yield_total_offset: 0 },
    ]);
  });

  it('keeps a string orientation a client leaves out, clears it on null (HelioDTU extension)', async () => {
    const [gw, inverter] = await withInverters();
    const set = { name: 'E', max_power: 400, yield_total_offset: 0, azimuth: 95, tilt: 25 };
    await edit(gw, { ...inverter, channel: [set, set] });
    // A client written for OpenDTU sends only OpenDTU's fields.
    const { azimuth: _a, tilt: _t, ...opendtu } = set;
    expect(
      await edit(gw, { ...inverter, channel: [opendtu, { ...set, azimuth: null, tilt: null }] }),
    ).toMatchObject({ code: 4007 });
    const listed = (await list(gw)).inverter[0]?.channel;
    expect(listed?.map((c) => [c.azimuth, c.tilt])).toEqual([
      [95, 25],
      [null, null],
    ]);
  });

  it('applies the device defaults to missing fields and keeps channels beyond the array', async () => {
    const [gw, inverter] = await withInverters();
    await edit(gw, {
      ...inverter,
      poll_enable: false,
      zero_day: true,
      reachable_threshold: 9,
      channel: [
        { name: 'A', max_power: 300 },
        { name: 'B', yield_total_offset: 1 },
      ],
    });
    expect(
      await edit(gw, {
        id: 0,
        serial: inverter.serial,
        name: 'Minimal',
        channel: [{ max_power: 400 }],
        poll_enable: 'no',
      }),
    ).toMatchObject({ code: 4007 });
    expect((await list(gw)).inverter[0]).toMatchObject({
      name: 'Minimal',
      ...inverterDefaultSettings,
      channel: [
        { name: '', max_power: 400, yield_total_offset: 0 },
        { name: 'B', max_power: 0, yield_total_offset: 1 },
      ],
    });
  });

  it('creates an inverter when the id names an empty slot', async () => {
    const [gw] = await withInverters();
    expect(
      await edit(gw, { id: 5, serial: '116180123456', name: 'New', channel: [{}, {}, {}, {}] }),
    ).toMatchObject({ code: 4007 });
    expect((await list(gw)).inverter.map((i) => [i.id, i.name, i.channel.length])).toEqual([
      [0, 'West', 2],
      [1, 'East', 2],
      [5, 'New', 4],
    ]);
  });

  it('keeps its own serial without counting it as a duplicate', async () => {
    const [gw, inverter] = await withInverters();
    expect(await edit(gw, { ...inverter, name: 'Renamed' })).toMatchObject({ code: 4007 });
  });

  const refusals: [string, (inverter: Inverter) => unknown, number, object?][] = [
    ['id 10', (i) => ({ ...i, id: 10 }), 4005],
    ['id 256 (not uint8)', (i) => ({ ...i, id: 256 }), 1005],
    ['id as a string', (i) => ({ ...i, id: '0' }), 1005],
    ['serial as a number', (i) => ({ ...i, serial: 114182952590 }), 1005],
    ['name missing', ({ name: _name, ...i }) => i, 1005],
    ['channel not an array', (i) => ({ ...i, channel: {} }), 1005],
    ['channel missing', ({ channel: _channel, ...i }) => i, 1005],
    ['serial 0', (i) => ({ ...i, serial: '0' }), 4001],
    ['serial of the other slot', (i) => ({ ...i, serial: '114182952591' }), 4001],
    ['serial wider than 12 hex digits', (i) => ({ ...i, serial: '1141829525900' }), 4001],
    ['azimuth 360', (i) => ({ ...i, channel: [{ azimuth: 360, tilt: 20 }] }), 1005],
    ['azimuth without tilt', (i) => ({ ...i, channel: [{ azimuth: 90 }] }), 1005],
    ['empty name', (i) => ({ ...i, name: '' }), 4002, { max: 31 }],
    ['32-character name', (i) => ({ ...i, name: 'n'.repeat(32) }), 4002, { max: 31 }],
    ['no channels', (i) => ({ ...i, channel: [] }), 4006],
    ['7 channels', (i) => ({ ...i, channel: Array.from({ length: 7 }, () => ({})) }), 4006],
    ['reachable_threshold 0', (i) => ({ ...i, reachable_threshold: 0 }), 1005],
    ['reachable_threshold 101', (i) => ({ ...i, reachable_threshold: 101 }), 1005],
    ['reachable_threshold 1.5', (i) => ({ ...i, reachable_threshold: 1.5 }), 1005],
    ['reachable_threshold as a string', (i) => ({ ...i, reachable_threshold: '3' }), 1005],
    ['max_power 65536', (i) => ({ ...i, channel: [{ max_power: 65536 }] }), 1005],
    ['max_power -1', (i) => ({ ...i, channel: [{ max_power: -1 }] }), 1005],
    ['yield_total_offset < 0', (i) => ({ ...i, channel: [{ yield_total_offset: -0.1 }] }), 1005],
    ['channel name of 32', (i) => ({ ...i, channel: [{ name: 'c'.repeat(32) }] }), 1005],
    ['channel entry not an object', (i) => ({ ...i, channel: [{}, 5] }), 1005],
  ];

  it.each(refusals)('refuses %s with %i and changes nothing', async (_name, make, code, param) => {
    const [gw, inverter] = await withInverters();
    const before = await list(gw);
    const configBefore = await configText(gw);
    const result = await edit(gw, make(inverter));
    expect(result).toMatchObject({ type: 'warning', code });
    if (param) expect(result.param).toEqual(param);
    expect(await list(gw)).toEqual(before);
    expect(await configText(gw)).toBe(configBefore);
  });
});
