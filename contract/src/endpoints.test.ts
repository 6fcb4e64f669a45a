import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiResult } from './envelope.js';
import {
  ENDPOINT_KEYS,
  RESPONSE_SCHEMAS,
  splitEndpointKey,
  type DataOf,
  type EmptyObject,
  type EndpointOf,
  type GetPath,
  type PathOf,
  type PostPath,
  type QueryOf,
  type ResponseOf,
} from './endpoints.js';
import { devInfoFixture } from './fixtures/dev-info.js';
import { eventLogFixture } from './fixtures/event-log.js';
import { gridProfileFixture, gridProfileRawFixture } from './fixtures/grid-profile.js';
import { limitStatusFixture, powerStatusFixture } from './fixtures/limit.js';
import { liveDataFullStatusFixture, liveDataStatusFixture } from './fixtures/live-data.js';
import type { NtpConfig, NtpConfigData } from './ntp.js';

describe('ENDPOINT_KEYS', () => {
  it('are unique "METHOD /api/..." keys', () => {
    expect(new Set(ENDPOINT_KEYS).size).toBe(ENDPOINT_KEYS.length);
    for (const key of ENDPOINT_KEYS) expect(key).toMatch(/^(GET|POST) \/api\/[a-z0-9_/]+$/);
  });

  it('cover the JSON endpoints of wire-contract §3 and the three of v26.3.30', () => {
    expect(ENDPOINT_KEYS).toHaveLength(43);
    expect(ENDPOINT_KEYS).toEqual(
      expect.arrayContaining([
        'GET /api/ntp/config',
        'POST /api/ntp/config',
        'GET /api/livedata/status',
        'POST /api/limit/config',
        'GET /api/i18n/language',
        'POST /api/maintenance/reboot',
        'GET /api/ntp/zones',
        'GET /api/logging/config',
        'POST /api/logging/config',
      ]),
    );
  });
});

describe('splitEndpointKey', () => {
  it('gives method and path', () => {
    expect(splitEndpointKey('POST /api/ntp/config')).toEqual({
      method: 'POST',
      path: '/api/ntp/config',
    });
    expect(splitEndpointKey('GET /api/eventlog/status')).toEqual({
      method: 'GET',
      path: '/api/eventlog/status',
    });
  });
});

describe('RESPONSE_SCHEMAS', () => {
  const parses = (key: keyof typeof RESPONSE_SCHEMAS, value: unknown) =>
    RESPONSE_SCHEMAS[key].safeParse(value).success;

  it('accept the typed fixtures', () => {
    expect(parses('GET /api/devinfo/status', devInfoFixture)).toBe(true);
    expect(parses('GET /api/eventlog/status', eventLogFixture)).toBe(true);
    expect(parses('GET /api/gridprofile/status', gridProfileFixture)).toBe(true);
    expect(parses('GET /api/gridprofile/rawdata', gridProfileRawFixture)).toBe(true);
    expect(parses('GET /api/limit/status', limitStatusFixture)).toBe(true);
    expect(parses('GET /api/power/status', powerStatusFixture)).toBe(true);
    expect(parses('GET /api/livedata/status', liveDataStatusFixture)).toBe(true);
    expect(parses('GET /api/livedata/status', liveDataFullStatusFixture)).toBe(true);
  });

  it('accept {} for per-inverter answers on an unknown serial', () => {
    for (const key of [
      'GET /api/devinfo/status',
      'GET /api/eventlog/status',
      'GET /api/gridprofile/status',
      'GET /api/gridprofile/rawdata',
      'GET /api/inverter/stats_reset',
    ] as const) {
      expect(parses(key, {}), key).toBe(true);
    }
  });

  it('accept the result envelope on every POST and reject other shapes', () => {
    const saved = { type: 'success', message: 'Settings saved!', code: 1001 };
    for (const key of ENDPOINT_KEYS.filter((k) => k.startsWith('POST '))) {
      expect(parses(key, saved), key).toBe(true);
      expect(parses(key, { type: 'fine' }), key).toBe(false);
    }
  });

  it('reject a wrong answer for a GET', () => {
    expect(parses('GET /api/limit/status', { '114182952590': { limit_relative: 'x' } })).toBe(
      false,
    );
    expect(parses('GET /api/ntp/config', {})).toBe(false);
    expect(parses('GET /api/file/list', [{ name: 'config.json' }])).toBe(false);
  });
});

describe('endpoint types', () => {
  it('map keys to data, query and response', () => {
    expectTypeOf<ResponseOf<'GET /api/ntp/config'>>().toEqualTypeOf<NtpConfig>();
    expectTypeOf<ResponseOf<'POST /api/ntp/config'>>().toEqualTypeOf<ApiResult>();
    expectTypeOf<DataOf<'POST /api/ntp/config'>>().toExtend<Partial<NtpConfigData>>();
    expectTypeOf<DataOf<'GET /api/ntp/config'>>().toBeNever();
    expectTypeOf<QueryOf<'GET /api/devinfo/status'>>().toEqualTypeOf<{ inv: string }>();
    expectTypeOf<QueryOf<'GET /api/ntp/config'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseOf<'GET /api/eventlog/status'>>().toExtend<object>();
    expectTypeOf<EmptyObject>().toExtend<ResponseOf<'GET /api/gridprofile/rawdata'>>();
  });

  it('split keys into paths and back', () => {
    expectTypeOf<PathOf<'GET /api/ntp/config'>>().toEqualTypeOf<'/api/ntp/config'>();
    expectTypeOf<EndpointOf<'POST', '/api/ntp/config'>>().toEqualTypeOf<'POST /api/ntp/config'>();
    expectTypeOf<'/api/system/status'>().toExtend<GetPath>();
    expectTypeOf<'/api/maintenance/reboot'>().toExtend<PostPath>();
    expectTypeOf<'/api/maintenance/reboot'>().not.toExtend<GetPath>();
  });
});
