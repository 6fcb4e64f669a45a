import { describe, expect, it } from 'vitest';
import { limitTypeCases } from '../fixtures/limit.js';
import { checkLimitConfig, limitConfigProblems } from './limit-rules.js';

const base = { serial: '114182352592', limit_value: 50, limit_type: 1 };

describe('checkLimitConfig', () => {
  it.each([
    ['serial 0', { serial: '0' }, 5001],
    ['unparsable serial', { serial: 'xyz' }, 5001],
    ['value above 2250', { limit_value: 2250.5 }, 5002],
    ['negative value', { limit_value: -1 }, 5002],
    ['type 4', { limit_type: 4 }, 5003],
    ['type 258', { limit_type: 258 }, 5003],
  ])('%s → %i', (_name, change, code) => {
    expect(checkLimitConfig({ ...base, ...change })).toMatchObject({ ok: false, code });
  });

  it('checks in the device order: serial before value before type', () => {
    expect(checkLimitConfig({ serial: '0', limit_value: 9999, limit_type: 9 })).toMatchObject({
      code: 5001,
    });
    expect(checkLimitConfig({ ...base, limit_value: 9999, limit_type: 9 })).toEqual({
      ok: false,
      code: 5002,
      param: { max: 2250 },
    });
  });

  it.each(limitTypeCases)(
    'limit_type %i → relative %s, persistent %s',
    (limit_type, relative, persistent) => {
      expect(checkLimitConfig({ ...base, limit_type })).toEqual({
        ok: true,
        kind: { relative, persistent },
      });
    },
  );

  it('accepts 0 and 2250 as values', () => {
    expect(checkLimitConfig({ ...base, limit_value: 0 }).ok).toBe(true);
    expect(checkLimitConfig({ ...base, limit_value: 2250, limit_type: 0 }).ok).toBe(true);
  });
});

describe('limitConfigProblems', () => {
  it('finds nothing in a valid post', () => {
    expect(limitConfigProblems(base)).toEqual([]);
  });

  it.each([
    [{ serial: '0' }, { field: 'serial', code: 5001 }],
    [{ limit_value: 2251 }, { field: 'limit_value', code: 5002, param: { max: 2250 } }],
    [{ limit_type: 4 }, { field: 'limit_type', code: 5003 }],
  ])('%j → %j', (change, problem) => {
    expect(limitConfigProblems({ ...base, ...change })).toEqual([problem]);
  });

  it('lists all three in the device order', () => {
    const all = limitConfigProblems({ serial: '0', limit_value: -1, limit_type: 9 });
    expect(all.map((p) => p.field)).toEqual(['serial', 'limit_value', 'limit_type']);
  });
});
