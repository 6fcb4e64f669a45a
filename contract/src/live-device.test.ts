import { describe, expect, it } from 'vitest';
import { DevInfoResponseSchema, DevInfoStatusSchema } from './dev-info.js';
import { EventLogStatusSchema, eventLogLocaleOf } from './event-log.js';
import { GridProfileRawSchema, GridProfileStatusSchema, hasGridProfile } from './grid-profile.js';
import { LimitConfigRequestSchema, LimitStatusSchema } from './limit.js';
import {
  LiveDataFullStatusSchema,
  LiveDataPartialStatusSchema,
  LiveDataStatusSchema,
} from './live-data.js';
import { PowerConfigRequestSchema, PowerStatusSchema, powerActionOf } from './power.js';
import { LiveDataMessageSchema } from './ws.js';
import { devInfoFixture } from './fixtures/dev-info.js';
import { eventLogFixture } from './fixtures/event-log.js';
import { gridProfileFixture, gridProfileRawFixture } from './fixtures/grid-profile.js';
import { limitStatusFixture, powerStatusFixture } from './fixtures/limit.js';
import {
  liveDataFullStatusFixture,
  liveDataMessageFixture,
  liveDataStatusFixture,
} from './fixtures/live-data.js';
import { INVERTER_FULL_KEYS } from './fixtures/wire-keys.js';

describe('fixtures match their schemas exactly (key order included)', () => {
  it.each([
    ['live-data message', LiveDataMessageSchema, liveDataMessageFixture],
    ['live-data full status', LiveDataFullStatusSchema, liveDataFullStatusFixture],
    ['live-data partial status', LiveDataPartialStatusSchema, liveDataStatusFixture],
    ['limit status', LimitStatusSchema, limitStatusFixture],
    ['power status', PowerStatusSchema, powerStatusFixture],
    ['event log', EventLogStatusSchema, eventLogFixture],
    ['device info', DevInfoStatusSchema, devInfoFixture],
    ['grid profile', GridProfileStatusSchema, gridProfileFixture],
    ['grid profile raw', GridProfileRawSchema, gridProfileRawFixture],
  ] as const)('%s', (_name, schema, fixture) => {
    const parsed: unknown = schema.parse(fixture);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(fixture));
  });

  it('keeps the wire key order of an inverter object', () => {
    const inverter = liveDataMessageFixture.inverters[0];
    expect(Object.keys(inverter ?? {})).toEqual(INVERTER_FULL_KEYS);
    expect(Object.keys(inverter?.INV['0'] ?? {})).toEqual([
      'Power DC',
      'YieldDay',
      'YieldTotal',
      'Temperature',
      'Efficiency',
    ]);
    expect(Object.keys(inverter?.AC['0'] ?? {})).toEqual([
      'Power',
      'Voltage',
      'Current',
      'Frequency',
      'PowerFactor',
      'ReactivePower',
    ]);
  });
});

describe('live-data schemas', () => {
  it('keep the channels of full objects in the combined status schema', () => {
    const parsed = LiveDataStatusSchema.parse(liveDataFullStatusFixture);
    expect(parsed.inverters[0]).toHaveProperty('AC');
    const partial = LiveDataStatusSchema.parse(liveDataStatusFixture);
    expect(partial.inverters[0]).not.toHaveProperty('AC');
  });

  it('want exactly one inverter per socket message', () => {
    const inverter = liveDataMessageFixture.inverters[0];
    const base = { total: liveDataMessageFixture.total, hints: liveDataMessageFixture.hints };
    expect(LiveDataMessageSchema.safeParse({ ...base, inverters: [] }).success).toBe(false);
    expect(
      LiveDataMessageSchema.safeParse({ ...base, inverters: [inverter, inverter] }).success,
    ).toBe(false);
  });

  it('reject a partial object where a full one is due', () => {
    const partial = liveDataStatusFixture.inverters[0];
    const result = LiveDataMessageSchema.safeParse({
      ...liveDataMessageFixture,
      inverters: [partial],
    });
    expect(result.success).toBe(false);
  });
});

describe('limit and power requests (wire-contract §4.4)', () => {
  it('check only kinds for limits', () => {
    const ok = { serial: '114182352592', limit_value: 2300.5, limit_type: 257 };
    expect(LimitConfigRequestSchema.safeParse(ok).success).toBe(true);
    expect(LimitConfigRequestSchema.safeParse({ ...ok, serial: 114182352592 }).success).toBe(false);
    expect(LimitConfigRequestSchema.safeParse({ ...ok, limit_value: '50' }).success).toBe(false);
    expect(LimitConfigRequestSchema.safeParse({ ...ok, limit_type: 1.5 }).success).toBe(false);
    expect(LimitConfigRequestSchema.safeParse({ ...ok, limit_type: 70000 }).success).toBe(false);
  });

  it.each([
    [{ serial: 'x', power: true }, 'on'],
    [{ serial: 'x', power: false }, 'off'],
    [{ serial: 'x', restart: true }, 'restart'],
    [{ serial: 'x', restart: false }, 'none'],
    [{ serial: 'x', power: false, restart: true }, 'off'],
    [{ serial: 'x', power: 'yes', restart: true }, 'restart'],
  ])('power request %j is %s', (data, action) => {
    expect(powerActionOf(PowerConfigRequestSchema.parse(data))).toBe(action);
  });

  it.each([{ serial: 'x' }, { serial: 'x', power: 1 }, { serial: 1, power: true }, {}])(
    'power request %j misses values (1005)',
    (data) => {
      expect(PowerConfigRequestSchema.safeParse(data).success).toBe(false);
    },
  );
});

describe('device areas (wire-contract §4.5)', () => {
  it('accept {} for an unknown serial in device info', () => {
    expect(DevInfoResponseSchema.safeParse({}).success).toBe(true);
    expect(DevInfoResponseSchema.safeParse(devInfoFixture).success).toBe(true);
  });

  it('select event-log locales case-insensitively', () => {
    expect(eventLogLocaleOf('DE')).toBe('de');
    expect(eventLogLocaleOf('fr')).toBe('fr');
    expect(eventLogLocaleOf('it')).toBe('en');
    expect(eventLogLocaleOf(undefined)).toBe('en');
  });

  it('treat an all-zero raw profile as missing', () => {
    expect(hasGridProfile(gridProfileRawFixture.raw)).toBe(true);
    expect(hasGridProfile([])).toBe(false);
    expect(hasGridProfile([0, 0, 0])).toBe(false);
  });
});
