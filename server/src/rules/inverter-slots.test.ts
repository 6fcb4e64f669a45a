import { describe, expect, it } from 'vitest';
import { defaultConfigFile, type InverterSlotFile } from '@heliodtu/contract/config-file';
import { InverterEditRequestSchema } from '@heliodtu/contract/inverter';
import {
  CHANNEL_MAX_POWER,
  CHANNEL_NAME_MAX,
  INVERTER_NAME_MAX,
  MAX_INVERTERS,
  REACHABLE_THRESHOLD,
} from '@heliodtu/contract/limits';
import { ApiFailure } from '../plugins/api-failure.js';
import {
  addedInverter,
  checkSerial,
  editedInverter,
  listEntryOf,
  ordersOf,
} from './inverter-slots.js';

const slots = (...serials: number[]): InverterSlotFile[] =>
  defaultConfigFile().inverters.map((slot, id) => ({ ...slot, serial: serials[id] ?? 0 }));

/** The ApiFailure code `run` throws, or 'ok'. */
function outcome(run: () => unknown): number | 'ok' {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof ApiFailure) return error.apiCode;
    throw error;
  }
}

const editData = (overrides: Record<string, unknown>) =>
  InverterEditRequestSchema.parse({
    id: 0,
    serial: '116180123456',
    name: 'A',
    channel: [{}],
    ...overrides,
  });

describe('checkSerial', () => {
  it('parses hex and returns the number config.json stores', () => {
    expect(checkSerial('116180123456', slots())).toBe(0x116180123456);
    expect(checkSerial('ffffffffffff', slots())).toBe(0xffffffffffff);
  });

  it.each(['0', '', 'zz', '1000000000000'])('refuses %j with 4001', (text) => {
    expect(outcome(() => checkSerial(text, slots()))).toBe(4001);
  });

  it('refuses a serial of another slot but not of its own', () => {
    const taken = slots(0x116180123456);
    expect(outcome(() => checkSerial('116180123456', taken))).toBe(4001);
    expect(outcome(() => checkSerial('116180123456', taken, 0))).toBe('ok');
  });
});

describe('addedInverter', () => {
  it('fills the first free slot with defaults', () => {
    const { id, slot } = addedInverter({ serial: '2', name: 'B' }, slots(1, 0, 3));
    expect(id).toBe(1);
    expect(slot).toEqual({ ...defaultConfigFile().inverters[0], serial: 2, name: 'B' });
  });

  it('bounds the name by INVERTER_NAME_MAX', () => {
    const name = 'n'.repeat(INVERTER_NAME_MAX);
    expect(outcome(() => addedInverter({ serial: '2', name }, slots()))).toBe('ok');
    expect(outcome(() => addedInverter({ serial: '2', name: name + 'n' }, slots()))).toBe(4002);
  });

  it('answers 4003 when MAX_INVERTERS slots are used', () => {
    const full = slots(...Array.from({ length: MAX_INVERTERS }, (_, i) => i + 1));
    expect(outcome(() => addedInverter({ serial: 'aa', name: 'X' }, full))).toBe(4003);
  });
});

describe('editedInverter value bounds (SPEC_STRICTER)', () => {
  it.each([
    [{ reachable_threshold: REACHABLE_THRESHOLD.min }, 'ok'],
    [{ reachable_threshold: REACHABLE_THRESHOLD.max }, 'ok'],
    [{ reachable_threshold: REACHABLE_THRESHOLD.min - 1 }, 1005],
    [{ reachable_threshold: REACHABLE_THRESHOLD.max + 1 }, 1005],
    [{ reachable_threshold: null }, 'ok'],
    [{ channel: [{ max_power: CHANNEL_MAX_POWER.max }] }, 'ok'],
    [{ channel: [{ max_power: CHANNEL_MAX_POWER.max + 1 }] }, 1005],
    [{ channel: [{ max_power: 1.5 }] }, 1005],
    [{ channel: [{ yield_total_offset: 0 }] }, 'ok'],
    [{ channel: [{ yield_total_offset: -1 }] }, 1005],
    [{ channel: [{ name: 'c'.repeat(CHANNEL_NAME_MAX) }] }, 'ok'],
    [{ channel: [{ name: 'c'.repeat(CHANNEL_NAME_MAX + 1) }] }, 1005],
    [{ channel: [null] }, 1005],
  ])('%j → %s', (overrides, expected) => {
    expect(outcome(() => editedInverter(editData(overrides), slots()))).toBe(expected);
  });

  it('checks in the device order: id, serial, name, channel count, then values', () => {
    const all = { id: 10, serial: '0', name: '', channel: [], reachable_threshold: 0 };
    expect(outcome(() => editedInverter(editData(all), slots()))).toBe(4005);
    expect(outcome(() => editedInverter(editData({ ...all, id: 0 }), slots()))).toBe(4001);
    const named = { ...all, id: 0, serial: '1' };
    expect(outcome(() => editedInverter(editData(named), slots()))).toBe(4002);
    expect(outcome(() => editedInverter(editData({ ...named, name: 'A' }), slots()))).toBe(4006);
    const counted = { ...named, name: 'A', channel: [{}] };
    expect(outcome(() => editedInverter(editData(counted), slots()))).toBe(1005);
  });
});

describe('ordersOf', () => {
  it('maps each id to its position, skipping ids ≥ 10', () => {
    expect([...ordersOf(['3', 10, 0, '11', 9])]).toEqual([
      [3, 0],
      [0, 2],
      [9, 4],
    ]);
  });
});

describe('listEntryOf', () => {
  it('shows the serial in lowercase hex and as many channels as the model has', () => {
    const [slot] = slots(0x1141a0b1c2d3);
    if (!slot) throw new Error('no slot');
    expect(listEntryOf(slot, 0)).toMatchObject({
      serial: '1141a0b1c2d3',
      type: 'HM-600/700/800-2T',
    });
    expect(listEntryOf(slot, 0).channel).toHaveLength(2);
    expect(listEntryOf({ ...slot, serial: 0x123 }, 3)).toMatchObject({ id: 3, type: 'Unknown' });
    expect(listEntryOf({ ...slot, serial: 0x123 }, 3).channel).toHaveLength(6);
  });
});
