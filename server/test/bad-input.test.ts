import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_BODY_MAX_BYTES } from '@heliodtu/contract/limits';
import { NETWORK_WARNINGS } from '@heliodtu/contract/network';
import { buildTestGateway, type TestGateway } from './helpers/build-test-app.js';
import { fieldCases, toJsonText, type PostEndpoint } from './bad-input-cases.js';
import { POST_ENDPOINTS } from './bad-input-endpoints.js';

/**
 * Bad input to every POST endpoint of issue 2 (wire-contract §4): a warning with its code,
 * nothing changed (GET answer, config.json bytes, cfg.save_count, data files), the gateway still
 * answering. GET endpoints survive hostile query strings.
 */

type Init = NonNullable<Parameters<TestGateway['request']>[2]>;
type Body = Record<string, unknown>;

const form = (name: string, value: string) => {
  const body = new FormData();
  body.append(name, value);
  return body;
};
const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' };
const PAD = ' '.repeat(POST_BODY_MAX_BYTES + 1024);
const json = (v: Body) => JSON.stringify(v);

/** Malformed bodies as a whole; where it matters the valid body is inside, so shape or size decides. */
const BODY_CASES: [name: string, codes: number[], init: (valid: Body) => Init][] = [
  ['no data field', [1002], (v) => ({ body: form('nothing', json(v)) })],
  ['no body at all', [1002], () => ({})],
  ['an empty body', [1002], () => ({ body: '' })],
  ['data= with nothing after it', [1004], () => ({ body: 'data=', headers: URLENCODED })],
  ['an empty multipart data field', [1004], () => ({ data: '' })],
  ['invalid JSON', [1004], (v) => ({ data: json(v).slice(0, -1) })],
  ['JSON in single quotes', [1004], () => ({ data: "{'a': 1}" })],
  [
    'JSON as the whole body',
    [1002],
    (v) => ({ body: json(v), headers: { 'content-type': 'application/json' } }),
  ],
  ['JSON null', [1005], () => ({ data: 'null' })],
  ['a JSON array', [1005], (v) => ({ data: json([v] as unknown as Body) })],
  ['a JSON number', [1005], () => ({ data: '42' })],
  ['a JSON string', [1005], (v) => ({ data: JSON.stringify(json(v)) })],
  ['JSON true', [1005], () => ({ data: 'true' })],
  ['only unknown fields', [1005], () => ({ data: '{"unknown":1}' })],
  ['30000 nested arrays', [1004, 1005], () => ({ data: '['.repeat(30_000) + ']'.repeat(30_000) })],
  [
    'a deeply nested object',
    [1005],
    () => ({ data: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) }),
  ],
  ['the valid body under __proto__', [1005], (v) => ({ data: `{"__proto__":${json(v)}}` })],
  [
    'the valid body under constructor.prototype',
    [1005],
    (v) => ({ data: `{"constructor":{"prototype":${json(v)}}}` }),
  ],
  [
    'a multipart field named __proto__',
    [1002, 1004],
    (v) => ({ body: form('__proto__', json(v)) }),
  ],
  [
    'a urlencoded body over the limit',
    [1003],
    (v) => ({ body: new URLSearchParams({ data: json(v) + PAD }), headers: URLENCODED }),
  ],
  ['a raw data= body over the limit', [1003], (v) => ({ body: `data=${json(v)}${PAD}` })],
  // A field cut at the size limit must not be read: valid JSON plus padding would still parse.
  ['a multipart data field over the limit', [1003], (v) => ({ data: json(v) + PAD })],
  ['a 1 MB multipart data field', [1003], () => ({ data: 'x'.repeat(1024 * 1024) })],
];

const CODELESS_WARNINGS: string[] = Object.values(NETWORK_WARNINGS);
/** Console lines that only an accepted request writes (or a crash). */
const EFFECTS = /Internal error|restarting|Time set by hand|saved|restored|deleted|reset/i;

/** One gateway per endpoint for all its cases; effects are watched on the console log. */
function endpointSuite(endpoint: PostEndpoint) {
  const ctx = { gw: undefined as unknown as TestGateway, effects: [] as string[] };
  beforeAll(async () => {
    const cleanups: (() => Promise<void>)[] = [];
    ctx.gw = await buildTestGateway({}, undefined, undefined, (c) => cleanups.push(c));
    await writeFile(path.join(ctx.gw.dataDir, 'scratch.txt'), 'delete me');
    ctx.gw.app.consoleLog.on('line', (line) => {
      if (EFFECTS.test(line)) ctx.effects.push(line.trimEnd());
    });
    return async () => {
      for (const cleanup of cleanups) await cleanup();
    };
  });

  // The GET also shows the gateway still answers after each case.
  const snapshot = async () => {
    const response = await ctx.gw.request('GET', endpoint.statePath);
    return {
      state: `${response.status} ${await response.text()}`,
      file: await readFile(path.join(ctx.gw.dataDir, 'config.json'), 'utf8'),
      saveCount: ctx.gw.app.store.config.cfg.save_count,
      files: (await readdir(ctx.gw.dataDir)).sort(),
    };
  };

  /** Sends `init`, expects a refusal (`codes` exact when given) that changed nothing. */
  const expectRefused = async (init: Init, codes?: number[]) => {
    const before = await snapshot();
    expect(before.state).toMatch(/^200 /);
    const seen = ctx.effects.length;
    const response = await ctx.gw.request('POST', endpoint.path, init);
    const text = await response.text();
    if (response.status === 404 && codes === undefined && endpoint.path === '/api/file/delete') {
      expect(text).toBe(''); // an unknown file, wire-contract §4.12
    } else {
      expect(response.status, text).toBe(200);
      const answer = JSON.parse(text) as { type: string; code?: unknown; message: string };
      expect(answer.type, text).toBe('warning');
      if (codes) expect(codes, text).toContain(answer.code);
      else if (answer.code === undefined) expect(CODELESS_WARNINGS).toContain(answer.message);
      else expect(answer.code, text).toBeTypeOf('number');
    }
    expect(await snapshot()).toEqual(before);
    expect(ctx.effects.slice(seen)).toEqual([]);
  };
  return { ctx, expectRefused };
}

describe.each(POST_ENDPOINTS)('POST $path', (endpoint) => {
  const { ctx, expectRefused } = endpointSuite(endpoint);

  it.each(BODY_CASES)('refuses %s', async (_name, codes, init) => {
    await expectRefused(init(endpoint.valid()), codes);
  });

  it.each(fieldCases(endpoint))('refuses $name', async ({ data, codes }) => {
    await expectRefused({ data: toJsonText(data) }, codes);
  });

  // Last: proves the refusals above came from the one change each made to this body.
  it('accepts the unchanged valid body', async () => {
    const answer = await ctx.gw.post(endpoint.path, endpoint.valid());
    expect(answer).toMatchObject({ code: endpoint.acceptedCode });
  });
});

describe('Object.prototype', () => {
  it('gained no property from the __proto__ and constructor bodies above', () => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

const GET_PATHS = [
  ...['/api/security/authenticate', '/api/security/config', '/api/system/status'],
  ...['/api/network/status', '/api/network/config', '/api/ntp/status', '/api/ntp/config'],
  ...['/api/ntp/time', '/api/mqtt/status', '/api/mqtt/config', '/api/dtu/config'],
  ...['/api/device/config', '/api/inverter/list', '/api/file/list', '/api/file/get'],
  ...['/api/i18n/languages', '/api/i18n/language', '/zones.json', '/api/livedata/status'],
  ...['/api/devinfo/status', '/api/eventlog/status', '/api/gridprofile/status'],
  ...['/api/gridprofile/rawdata', '/api/limit/status', '/api/power/status'],
  ...['/api/inverter/stats_reset', '/api/prometheus/metrics'],
];
const BAD_QUERIES = [
  ...['?inv=zzz', '?inv=', '?inv=0', '?inv=-1', '?inv=ffffffffffffffffffffffffffff', '?inv=1e309'],
  ...['?inv=116180000001&inv=116180000002', '?inv[]=1', '?inv=%00', '?inv=%E0%A4%A'],
  ...['?inv=%F0%9F%94%A5', '?file=../../etc/passwd', '?file=..%2F..%2Fetc%2Fpasswd'],
  ...['?file=/etc/passwd', '?file=', '?file=.heliodtu', '?file=config.json%00.txt'],
  ...['?code=../../config', '?code=', '?locale=zz&inv=zzz', `?inv=${'9'.repeat(8000)}`],
  ...['?__proto__[polluted]=1', '?constructor[prototype][polluted]=1', '?__proto__=1'],
];

describe('GET endpoints with bad query strings', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    const cleanups: (() => Promise<void>)[] = [];
    gw = await buildTestGateway({}, undefined, undefined, (c) => cleanups.push(c));
    return async () => {
      for (const cleanup of cleanups) await cleanup();
    };
  });

  it.each(GET_PATHS)('GET %s answers every bad query without an error', async (urlPath) => {
    for (const query of BAD_QUERIES) {
      const response = await gw.request('GET', urlPath + query);
      await response.arrayBuffer();
      expect(response.status, query).toBeLessThan(500);
      expect(response.status, query).not.toBe(401);
    }
    expect((await gw.request('GET', '/api/security/authenticate')).status).toBe(200);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it.each(['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', '.heliodtu', '%2Fetc'])(
    'GET /api/file/get?file=%s is 404 with an empty body',
    async (name) => {
      const response = await gw.request('GET', `/api/file/get?file=${name}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('');
    },
  );
});
