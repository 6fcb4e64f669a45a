import { describe, expect, it } from 'vitest';
import {
  CHANNEL_MAX_POWER,
  CHANNEL_NAME_MAX,
  INVERTER_NAME_MAX,
  REACHABLE_THRESHOLD,
  STRING_AZIMUTH,
  STRING_TILT,
} from '../limits.js';
import {
  inverterAddProblems,
  inverterEditProblems,
  inverterSerialProblems,
  type InverterEditFields,
} from './inverter-rules.js';

const edit: InverterEditFields = { id: 0, serial: '116180123456', name: 'A', channel: [{}] };
const editProblems = (change: Partial<InverterEditFields>) =>
  inverterEditProblems({ ...edit, ...change });
const nameParam = { max: INVERTER_NAME_MAX };

describe('inverterSerialProblems', () => {
  it('accepts up to 12 hex digits', () => {
    expect(inverterSerialProblems('116180123456')).toEqual([]);
    expect(inverterSerialProblems('ffffffffffff')).toEqual([]);
  });

  it.each(['0', '', 'zz', '1000000000000'])('names serial %j with 4001', (text) => {
    expect(inverterSerialProblems(text)).toEqual([{ field: 'serial', code: 4001 }]);
  });

  it('refuses a serial of another inverter', () => {
    expect(inverterSerialProblems('116180123456', [0x116180123456n])).toEqual([
      { field: 'serial', code: 4001 },
    ]);
    expect(inverterSerialProblems('116180123456', [0x116180123457n])).toEqual([]);
  });
});

describe('inverterAddProblems', () => {
  it('finds nothing in a valid add', () => {
    expect(inverterAddProblems({ serial: '2', name: 'n'.repeat(INVERTER_NAME_MAX) })).toEqual([]);
  });

  it.each(['', 'n'.repeat(INVERTER_NAME_MAX + 1)])('names name %j with 4002', (name) => {
    expect(inverterAddProblems({ serial: '2', name })).toEqual([
      { field: 'name', code: 4002, param: nameParam },
    ]);
  });

  it('lists serial before name', () => {
    expect(inverterAddProblems({ serial: '2', name: '' }, [2n]).map((p) => p.field)).toEqual([
      'serial',
      'name',
    ]);
  });
});

describe('inverterEditProblems', () => {
  const generic = (field: string, limit?: object) =>
    limit ? { field, code: 1005, limit } : { field, code: 1005 };
  const threshold = { min: REACHABLE_THRESHOLD.min, max: REACHABLE_THRESHOLD.max };
  const maxPower = { min: CHANNEL_MAX_POWER.min, max: CHANNEL_MAX_POWER.max };
  const azimuth = { min: STRING_AZIMUTH.min, max: STRING_AZIMUTH.max };
  const tilt = { min: STRING_TILT.min, max: STRING_TILT.max };

  it.each([
    [{}],
    [{ reachable_threshold: REACHABLE_THRESHOLD.min }],
    [{ reachable_threshold: REACHABLE_THRESHOLD.max }],
    [{ reachable_threshold: null }],
    [{ channel: [{ max_power: CHANNEL_MAX_POWER.max, yield_total_offset: 0 }] }],
    [{ channel: [{ name: 'c'.repeat(CHANNEL_NAME_MAX) }] }],
    [{ channel: Array.from({ length: 6 }, () => ({})) }],
    [
      {
        channel: [
          { azimuth: 0, tilt: 0 },
          { azimuth: 359, tilt: 90 },
        ],
      },
    ],
    [{ channel: [{ azimuth: null, tilt: null }] }],
  ])('finds nothing in %j', (change) => {
    expect(editProblems(change)).toEqual([]);
  });

  it.each([
    [{ id: 10 }, { field: 'id', code: 4005 }],
    [{ serial: '0' }, { field: 'serial', code: 4001 }],
    [{ name: '' }, { field: 'name', code: 4002, param: nameParam }],
    [{ channel: [] }, { field: 'channel', code: 4006 }],
    [{ reachable_threshold: 0 }, generic('reachable_threshold', threshold)],
    [
      { reachable_threshold: REACHABLE_THRESHOLD.max + 1 },
      generic('reachable_threshold', threshold),
    ],
    [
      { channel: [{ max_power: CHANNEL_MAX_POWER.max + 1 }] },
      generic('channel.0.max_power', maxPower),
    ],
    [{ channel: [{ max_power: 1.5 }] }, generic('channel.0.max_power', maxPower)],
    [
      { channel: [{}, { yield_total_offset: -1 }] },
      generic('channel.1.yield_total_offset', { min: 0 }),
    ],
    [
      { channel: [{ name: 'c'.repeat(CHANNEL_NAME_MAX + 1) }] },
      generic('channel.0.name', { max: CHANNEL_NAME_MAX }),
    ],
    [{ channel: [null] }, generic('channel.0')],
    [{ channel: [{ azimuth: 360, tilt: 30 }] }, generic('channel.0.azimuth', azimuth)],
    [{ channel: [{ azimuth: 90.5, tilt: 30 }] }, generic('channel.0.azimuth', azimuth)],
    [{ channel: [{ azimuth: 90, tilt: -1 }] }, generic('channel.0.tilt', tilt)],
    [{ channel: [{ azimuth: 90, tilt: '30' }] }, generic('channel.0.tilt', tilt)],
    // The orientation is a pair: one without the other is missing.
    [{ channel: [{ azimuth: 90 }] }, generic('channel.0.tilt', tilt)],
    [{ channel: [{ azimuth: null, tilt: 30 }] }, generic('channel.0.azimuth', azimuth)],
  ])('%j → %j', (change, problem) => {
    expect(editProblems(change)).toEqual([problem]);
  });

  it('checks the serial against the other inverters only', () => {
    expect(inverterEditProblems(edit, [0x116180123456n])).toEqual([
      { field: 'serial', code: 4001 },
    ]);
    expect(inverterEditProblems(edit, [0x1n])).toEqual([]);
  });

  it('lists every failing field in the device order', () => {
    const all = editProblems({
      id: 10,
      serial: '0',
      name: '',
      reachable_threshold: 0,
      channel: Array.from({ length: 7 }, (_, i) => (i === 2 ? { name: 5, max_power: -1 } : {})),
    });
    expect(all.map((p) => [p.field, p.code])).toEqual([
      ['id', 4005],
      ['serial', 4001],
      ['name', 4002],
      ['channel', 4006],
      ['reachable_threshold', 1005],
      ['channel.2.name', 1005],
      ['channel.2.max_power', 1005],
    ]);
  });
});
