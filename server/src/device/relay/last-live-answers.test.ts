import { describe, expect, it } from 'vitest';
import { withAdvancedAges } from './aged-live-data.js';
import { LastLiveAnswers } from './last-live-answers.js';

const answer = (inverters: object[]) => ({
  ok: true as const,
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ inverters, total: {}, hints: {} })),
});

describe('withAdvancedAges', () => {
  it('grows data_age by whole seconds and data_age_ms by the milliseconds kept', () => {
    const status = { inverters: [{ data_age: 3, data_age_ms: 3400 }, { data_age: 0 }], total: 1 };
    expect(withAdvancedAges(status, 2500)).toEqual({
      inverters: [{ data_age: 5, data_age_ms: 5900 }, { data_age: 2 }],
      total: 1,
    });
    // The kept object is not changed.
    expect(status.inverters[0]).toEqual({ data_age: 3, data_age_ms: 3400 });
  });

  it('leaves other shapes alone', () => {
    for (const other of [null, 'x', [], { inverters: 'no' }, { inverters: [null, 4] }]) {
      expect(withAdvancedAges(other, 5000)).toEqual(other);
    }
  });
});

describe('LastLiveAnswers', () => {
  it('gives the last good answer per query with its ages grown, none for an unknown query', () => {
    let now = 1_000_000;
    const kept = new LastLiveAnswers(() => now);
    kept.keep('/api/livedata/status', answer([{ serial: 'a', data_age: 1 }]));
    kept.keep('/api/livedata/status?inv=a', answer([{ serial: 'a', data_age: 4 }]));
    now += 7_300;
    const list = JSON.parse(kept.aged('/api/livedata/status')!.body.toString()) as {
      inverters: { data_age: number }[];
    };
    expect(list.inverters[0]?.data_age).toBe(8);
    const one = JSON.parse(kept.aged('/api/livedata/status?inv=a')!.body.toString()) as {
      inverters: { data_age: number }[];
    };
    expect(one.inverters[0]?.data_age).toBe(11);
    expect(kept.aged('/api/livedata/status?inv=b')).toBeUndefined();
  });

  it('keeps the time of an answer shared by several readers, not of the last reader', () => {
    let now = 1_000_000;
    const kept = new LastLiveAnswers(() => now);
    const shared = answer([{ data_age: 0 }]);
    kept.keep('/q', shared);
    now += 900;
    kept.keep('/q', shared);
    now += 2_200;
    const body = JSON.parse(kept.aged('/q')!.body.toString()) as { inverters: object[] };
    expect(body.inverters[0]).toEqual({ data_age: 3 });
  });

  it('says since when reads fail, until a good one comes', () => {
    let now = 5_000;
    const kept = new LastLiveAnswers(() => now);
    expect(kept.failingSince).toBeUndefined();
    kept.failed();
    now += 1000;
    kept.failed();
    expect(kept.failingSince).toBe(5_000);
    kept.keep('/q', answer([]));
    expect(kept.failingSince).toBeUndefined();
  });
});
