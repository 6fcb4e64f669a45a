import { describe, expect, it } from 'vitest';
import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';
import {
  applyLiveSnapshot,
  EMPTY_LIVE_DATA,
  hasChannels,
  markReceived,
  mergeLiveUpdate,
  parseLiveText,
  parseLiveUpdate,
  sortByOrder,
  type LiveData,
  type LiveInverter,
} from './merge-live-update';
import { liveKeyOf } from '@/lib/live-key';
import { HEADER_CLASS, inverterStateOf } from './inverter-state';

const [balconyFull] = liveDataMessageFixture.inverters;
const [balcony, garage, barn] = liveDataStatusFixture.inverters;
if (!balconyFull || !balcony || !garage || !barn) throw new Error('fixtures changed');

const snapshot = (): LiveData => applyLiveSnapshot(null, liveDataStatusFixture);
const message = (inverter: LiveInverter, extra: object = {}) => ({
  inverters: [inverter],
  total: liveDataMessageFixture.total,
  hints: liveDataMessageFixture.hints,
  ...extra,
});

describe('parseLiveUpdate', () => {
  it('accepts a socket message and a status answer', () => {
    expect(parseLiveUpdate(liveDataMessageFixture)?.inverters).toHaveLength(1);
    expect(parseLiveUpdate(liveDataStatusFixture)?.inverters).toHaveLength(3);
  });

  it('rejects what is no live data', () => {
    expect(parseLiveUpdate(null)).toBeNull();
    expect(parseLiveUpdate([])).toBeNull();
    expect(parseLiveUpdate({})).toBeNull();
    expect(parseLiveUpdate({ inverters: 'x' })).toBeNull();
    expect(parseLiveText('not json')).toBeNull();
    expect(parseLiveText('[1,2]')).toBeNull();
  });

  it('drops inverters without a serial and non-object totals or hints', () => {
    const update = parseLiveUpdate({
      inverters: [{ name: 'x' }, { serial: '' }, 5, null, { ...balcony }],
      total: 'nope',
      hints: [true],
    });
    expect(update?.inverters.map((i) => i.serial)).toEqual([balcony.serial]);
    expect(update?.total).toBeUndefined();
    expect(update?.hints).toBeUndefined();
  });

  it('parses frame text', () => {
    expect(parseLiveText(JSON.stringify(liveDataMessageFixture))?.inverters[0]?.serial).toBe(
      balcony.serial,
    );
  });
});

describe('mergeLiveUpdate', () => {
  it('starts from nothing: the inverter, totals and hints of the message', () => {
    const data = mergeLiveUpdate(null, liveDataMessageFixture);
    expect(data.inverters).toEqual([balconyFull]);
    expect(data.total).toEqual(liveDataMessageFixture.total);
    expect(data.hints).toEqual(liveDataMessageFixture.hints);
  });

  it('merges into the entry with the same serial and keeps the others as they were', () => {
    const before = snapshot();
    const after = mergeLiveUpdate(before, message(balconyFull));
    expect(after.inverters).toHaveLength(3);
    expect(after.inverters[0]).toEqual(balconyFull);
    expect(after.inverters[1]).toBe(before.inverters[1]);
    expect(after.inverters[2]).toBe(before.inverters[2]);
    expect(before.inverters[0]).not.toHaveProperty('AC');
  });

  it('never mutates the current data', () => {
    const before = snapshot();
    const frozen = JSON.stringify(before);
    mergeLiveUpdate(before, message({ ...balconyFull, name: 'Renamed', data_age: 7 }));
    expect(JSON.stringify(before)).toBe(frozen);
  });

  it('later fields win, earlier channels survive a message without them', () => {
    const withChannels = mergeLiveUpdate(snapshot(), message(balconyFull));
    const partial = { ...balcony, data_age: 42, reachable: false };
    const after = mergeLiveUpdate(withChannels, message(partial));
    expect(after.inverters[0]?.data_age).toBe(42);
    expect(after.inverters[0]?.reachable).toBe(false);
    expect(after.inverters[0]?.AC).toEqual(balconyFull.AC);
  });

  it('appends a new serial in display order', () => {
    const first = mergeLiveUpdate(null, message({ ...barn, order: 2 }));
    const second = mergeLiveUpdate(first, message({ ...balcony, order: 0 }));
    const third = mergeLiveUpdate(second, message({ ...garage, order: 1 }));
    expect(third.inverters.map((i) => i.name)).toEqual(['Balcony', 'Garage roof', 'Barn']);
  });

  it('re-sorts when an inverter changes its order', () => {
    const after = mergeLiveUpdate(snapshot(), message({ ...balcony, order: 9 }));
    expect(after.inverters.map((i) => i.name)).toEqual(['Garage roof', 'Barn', 'Balcony']);
  });

  it('shallow-merges totals and hints', () => {
    const after = mergeLiveUpdate(snapshot(), {
      inverters: [],
      total: { Power: { v: 1, u: 'W', d: 1 } },
      hints: { time_sync: true },
    });
    expect(after.total.Power.v).toBe(1);
    expect(after.total.YieldDay).toEqual(liveDataStatusFixture.total.YieldDay);
    expect(after.hints).toEqual({ ...liveDataStatusFixture.hints, time_sync: true });
  });

  it('keeps totals and hints when the message has none', () => {
    const before = snapshot();
    const after = mergeLiveUpdate(before, { inverters: [balconyFull] });
    expect(after.total).toBe(before.total);
    expect(after.hints).toBe(before.hints);
  });

  it('an empty update keeps the inverter list', () => {
    const before = snapshot();
    expect(mergeLiveUpdate(before, { inverters: [] }).inverters).toBe(before.inverters);
  });
});

describe('applyLiveSnapshot', () => {
  it('takes the answer as the list, sorted by order', () => {
    const data = applyLiveSnapshot(null, {
      ...liveDataStatusFixture,
      inverters: [barn, garage, balcony],
    });
    expect(data.inverters.map((i) => i.serial)).toEqual([
      balcony.serial,
      garage.serial,
      barn.serial,
    ]);
  });

  it('keeps channels the partial answer lacks', () => {
    const live = mergeLiveUpdate(snapshot(), message(balconyFull));
    const again = applyLiveSnapshot(live, {
      ...liveDataStatusFixture,
      inverters: [{ ...balcony, data_age: 3 }, garage, barn],
    });
    expect(again.inverters[0]?.data_age).toBe(3);
    expect(again.inverters[0]?.DC).toEqual(balconyFull.DC);
  });

  it('drops inverters the answer no longer has', () => {
    const again = applyLiveSnapshot(snapshot(), { ...liveDataStatusFixture, inverters: [garage] });
    expect(again.inverters.map((i) => i.serial)).toEqual([garage.serial]);
  });

  it('starts from empty totals when the answer has none', () => {
    expect(applyLiveSnapshot(null, { inverters: [] })).toEqual(EMPTY_LIVE_DATA);
  });
});

describe('helpers', () => {
  it('markReceived stamps the update serials only', () => {
    const first = markReceived({}, liveDataStatusFixture, 1000);
    const second = markReceived(first, liveDataMessageFixture, 5000);
    expect(second).toEqual({ [balcony.serial]: 5000, [garage.serial]: 1000, [barn.serial]: 1000 });
    expect(first[balcony.serial]).toBe(1000);
  });

  it('sortByOrder keeps ties in arrival order', () => {
    const a = { ...balcony, serial: 'a', order: 1 };
    const b = { ...balcony, serial: 'b', order: 0 };
    const c = { ...balcony, serial: 'c', order: 1 };
    expect(sortByOrder([a, b, c]).map((i) => i.serial)).toEqual(['b', 'a', 'c']);
  });

  it('hasChannels tells a full object from a partial one', () => {
    expect(hasChannels(balconyFull)).toBe(true);
    expect(hasChannels(balcony)).toBe(false);
  });

  it.each([
    [{ poll_enabled: false, reachable: true, producing: true }, 'disabled', 'bg-body-tertiary'],
    [{ poll_enabled: true, reachable: false, producing: false }, 'unreachable', 'text-bg-danger'],
    [{ poll_enabled: true, reachable: true, producing: false }, 'idle', 'text-bg-warning'],
    [{ poll_enabled: true, reachable: true, producing: true }, 'producing', 'text-bg-primary'],
  ] as const)('inverter state %o is %s', (flags, state, headerClass) => {
    expect(inverterStateOf(flags)).toBe(state);
    expect(HEADER_CLASS[inverterStateOf(flags)]).toBe(headerClass);
  });
});

describe('several devices behind one companion (issue 27)', () => {
  const onRoof = { ...balcony, dtu: 'roof' };
  const onShed = { ...balcony, name: 'Balcony (old)', dtu: 'shed' };

  it('keys an inverter by device and serial, or by serial alone without a device', () => {
    expect(liveKeyOf(onRoof)).toBe(`roof/${balcony.serial}`);
    expect(liveKeyOf(balcony)).toBe(balcony.serial);
  });

  it('keeps the same serial on two devices as two inverters, each merged with its own', () => {
    const start = applyLiveSnapshot(null, { inverters: [onRoof, onShed] });
    expect(start.inverters.map(liveKeyOf)).toEqual([
      `roof/${balcony.serial}`,
      `shed/${balcony.serial}`,
    ]);
    const merged = mergeLiveUpdate(start, { inverters: [{ ...onShed, producing: false }] });
    expect(merged.inverters.map((inverter) => [inverter.name, inverter.producing])).toEqual([
      ['Balcony', balcony.producing],
      ['Balcony (old)', false],
    ]);
    expect(merged.inverters[0]).toBe(start.inverters[0]);
    const received = markReceived({}, { inverters: [onShed] }, 5);
    expect(received).toEqual({ [`shed/${balcony.serial}`]: 5 });
  });
});
