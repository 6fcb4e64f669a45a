import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Parser } from '@asyncapi/parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import {
  HassDiscoveryConfigSchema,
  MQTT_TOPICS,
  topicPattern,
} from '@heliodtu/contract/api-description/mqtt-topics';
import { devInfoFixture } from '@heliodtu/contract/fixtures/dev-info';
import { liveDataMessageFixture } from '@heliodtu/contract/fixtures/live-data';
import { buildApp } from '../src/app.js';
import { inverterChannelMessages } from '../src/mqtt/channel-topics.js';
import { discoveryMessages } from '../src/mqtt/hass-discovery.js';
import { houseDiscoveryMessages } from '../src/mqtt/hass-house.js';
import { exportControlMessages, gridMeterMessages } from '../src/mqtt/house-topics.js';
import { OWN_BROKER_TOPICS } from '../src/mqtt/own-broker.js';
import {
  dtuMessages,
  inverterStatusMessages,
  totalMessages,
  type InverterPublishState,
} from '../src/mqtt/publish-topics.js';
import { apiDocuments } from '../src/routes/api-description.js';
import { TABLE, routeKey, routesOfTree } from './auth-matrix-table.js';
import {
  answerProblem,
  socketMessageProblem,
  type Answer,
} from './helpers/api-description-check.js';
import { buildTestGateway, testOptions } from './helpers/build-test-app.js';

/**
 * Issue 16: the OpenAPI and AsyncAPI documents are valid (maintained validators), describe
 * every route the gateway registers with the guards the auth matrix tests, and the response
 * check in the test gateway (helpers/api-description-check.ts) can fail.
 */

type Json = Record<string, unknown>;
const openapi = JSON.parse(apiDocuments().openapi.body) as { paths: Record<string, Json> };
const asyncapi = JSON.parse(apiDocuments().asyncapi.body) as Json;

/** "METHOD /path" of every operation in the OpenAPI document. */
const described = new Set(
  Object.entries(openapi.paths).flatMap(([p, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`),
  ),
);

/** "METHOD /path" of the operations marked as served by v26.3.30 only. */
const currentFirmwareOnly = new Set(
  Object.entries(openapi.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([, op]) => (op as Json)['x-opendtu-firmware'] === 'v26.3.30')
      .map(([method]) => `${method.toUpperCase()} ${p}`),
  ),
);

describe('the documents', () => {
  it('OpenAPI 3.1 passes @seriousme/openapi-schema-validator', async () => {
    const result = await new Validator().validate(JSON.parse(apiDocuments().openapi.body));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('AsyncAPI 3 passes @asyncapi/parser without errors', async () => {
    const diagnostics = await new Parser().validate(apiDocuments().asyncapi.body);
    // Severity 0 = error; warnings and hints (style suggestions) are allowed.
    const errors = diagnostics.filter((d) => d.severity === 0);
    expect(errors.map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
  });

  it.each(['v24', 'v26'] as const)(
    'describe every route a %s gateway registers, and nothing else',
    async (firmware) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-api-doc-'));
      const app = await buildApp({ options: testOptions(dataDir, { simFirmware: firmware }) });
      await app.ready();
      const routes = routesOfTree(app.printRoutes({ commonPrefix: false }));
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      // A v24.11.7 gateway serves every operation but those marked as v26.3.30's own.
      const servedHere = new Set(
        [...described].filter((key) => firmware === 'v26' || !currentFirmwareOnly.has(key)),
      );
      const rest = [...routes].filter((r) => /^(GET|POST) \/(api\/|zones\.json)/.test(r));
      expect(rest.filter((r) => !servedHere.has(r))).toEqual([]);
      expect([...servedHere].filter((r) => !routes.has(r))).toEqual([]);
      const sockets = Object.values(asyncapi['channels'] as Record<string, Json>)
        .filter((c) => c['x-heliodtu-transport'] === 'ws')
        .map((c) => `GET ${String(c['address'])}`);
      expect(sockets.every((s) => routes.has(s))).toBe(true);
    },
  );

  it('mark the operations only v26.3.30 serves', () => {
    expect([...currentFirmwareOnly].sort()).toEqual([
      'GET /api/logging/config',
      'GET /api/ntp/zones',
      'POST /api/logging/config',
    ]);
  });

  it('state the guards the auth matrix tests', () => {
    const rows = TABLE.filter((row) => row.method !== 'WS' && described.has(routeKey(row)));
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const [method = '', p = ''] = routeKey(row).split(' ');
      const op = openapi.paths[p]?.[method.toLowerCase()] as Json;
      expect([routeKey(row), op['x-heliodtu-guard']]).toEqual([routeKey(row), row.guard]);
    }
  });
});

describe('the served documents', () => {
  it('are public, cacheable by ETag, and the page loads nothing from elsewhere', async () => {
    const gw = await buildTestGateway();
    for (const p of ['/api/openapi.json', '/api/asyncapi.json', '/api/docs']) {
      const first = await gw.request('GET', p, { auth: null });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag') ?? '';
      const again = await gw.request('GET', p, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    const page = await (await gw.request('GET', '/api/docs')).text();
    expect(page).not.toMatch(/<script|<link|<img|src=|url\(/i);
    for (const p of Object.keys(openapi.paths)) expect(page).toContain(`<code>${p}</code>`);
    expect(page).toContain('SecurityPasswordLength');
    expect(page).toContain('Home Assistant discovery');
    expect(page).toContain('<code>/livedata</code>');
  });
});

describe('the served documents, compressed (issue 26)', () => {
  const documents = { '/api/openapi.json': 'openapi', '/api/asyncapi.json': 'asyncapi' } as const;

  it.each(Object.entries(documents))(
    '%s comes as brotli or gzip by Accept-Encoding, decoding to the same JSON',
    async (url, name) => {
      const gw = await buildTestGateway();
      const text = apiDocuments()[name].body;
      const get = (encoding?: string) =>
        gw.app.inject({
          method: 'GET',
          url,
          headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
        });

      const br = await get('gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(text);
      expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 4);

      const gz = await get('gzip, br;q=0');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(JSON.parse(text));

      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(text);

      // One tag per encoding: a tag of the gzip answer does not revalidate a brotli one.
      const tags = [br, gz, plain].map((answer) => answer.headers['etag']);
      expect(new Set(tags).size).toBe(3);
      const stale = await gw.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(gz.headers['etag']) },
      });
      expect(stale.statusCode).toBe(200);
      const fresh = await gw.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) },
      });
      expect(fresh.statusCode).toBe(304);
    },
  );
});

describe('the response check', () => {
  const ok: Answer = {
    method: 'POST',
    path: '/api/ntp/config',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    contentEncoding: undefined,
    body: '{"type":"warning","message":"NTP Server must between 1 and 31 characters long!","code":9001,"param":{"max":31}}',
  };

  it('accepts a documented answer, and paths it does not describe', () => {
    expect(answerProblem(ok)).toBeNull();
    expect(answerProblem({ ...ok, path: '/index.html', contentType: 'text/html' })).toBeNull();
  });

  it('rejects an undocumented status, media type, field, or result code', () => {
    expect(answerProblem({ ...ok, status: 404 })).toMatch(/status not in the OpenAPI document/);
    expect(answerProblem({ ...ok, contentType: 'text/plain' })).toMatch(/content type/);
    expect(
      answerProblem({ ...ok, body: '{"type":"warning","message":"x","code":9001,"extra":1}' }),
    ).toMatch(/additional/);
    // 7001 is an MQTT code: never an answer of the NTP settings.
    expect(answerProblem({ ...ok, body: '{"type":"warning","message":"x","code":7001}' })).toMatch(
      /does not match/,
    );
    expect(answerProblem({ ...ok, status: 401, body: 'denied' })).toMatch(/without a body/);
  });
});

describe('the socket message check', () => {
  it('accepts the contract fixture and the keep-alive, rejects other frames', () => {
    expect(socketMessageProblem('/livedata', JSON.stringify(liveDataMessageFixture))).toBeNull();
    expect(socketMessageProblem('/livedata', 'ping')).toBeNull();
    expect(socketMessageProblem('/livedata', '{"inverters":[]}')).toMatch(/matches no message/);
    expect(socketMessageProblem('/console', 'Fetch inverter: 114182352592\n')).toBeNull();
    expect(socketMessageProblem('/console', 'x'.repeat(501))).toMatch(/matches no message/);
  });
});

describe('the MQTT topics the gateway publishes', () => {
  const mqtt = defaultConfigFile().mqtt;
  const live = liveDataMessageFixture.inverters[0];
  if (!live) throw new Error('fixture without an inverter');
  const state: InverterPublishState = {
    live,
    pollEnable: true,
    devInfo: devInfoFixture,
    limitKnown: true,
    lastUpdate: 1_750_000_000,
  };
  const discovery = discoveryMessages(
    {
      mqtt: { ...mqtt, hass: { ...mqtt.hass, enabled: true, individual_panels: true } },
      pollInterval: 5,
    },
    { hostname: 'OpenDTU-A1B2C3', chipId: 10597059, ip: '192.168.1.50', firmware: 'v24.11.7' },
    [{ serial: live.serial, name: live.name, model: 'HM-800', channels: 2, reachableThreshold: 2 }],
  );
  const identity = {
    hostname: 'OpenDTU-A1B2C3',
    chipId: 10597059,
    ip: '192.168.1.50',
    firmware: 'v24.11.7',
  };
  // The house's topics (power-control §4), on the gateway's MQTT and on a companion's own broker.
  const house = [mqtt, OWN_BROKER_TOPICS].flatMap((topics) => [
    ...houseDiscoveryMessages({ ...topics, hass: { ...topics.hass, enabled: true } }, identity, {
      meter: true,
      control: true,
    }),
    ...gridMeterMessages(
      topics,
      {
        source: 'mqtt',
        state: 'ok',
        power_w: -250,
        phases_w: [-100, -50, -100],
        age_ms: 500,
        read_at: 1,
        production_w: 900,
        consumption_w: 650,
        today: {
          production_wh: 3000,
          import_wh: 1200,
          export_wh: 800,
          consumption_wh: 3400,
          self_consumption_pct: 73.3,
          counted_from: null,
        },
        detail: '',
        now: 2,
      },
      { import_wh: 54321, export_wh: 1234 },
    ),
    ...exportControlMessages(topics, {
      enabled: true,
      state: 'holding',
      target_w: 0,
      grid_w: -250,
      production_w: 900,
      limit_w: 1200,
      sentence: '',
      inverters: [],
      series: [],
      now: 2,
    }),
  ]);
  const sent = [
    ...house,
    ...dtuMessages(mqtt, {
      uptime: 10,
      ip: '192.168.1.50',
      hostname: 'OpenDTU-A1B2C3',
      heap: { size: 1, free: 1, minfree: 1, maxalloc: 1 },
      wifi: { rssi: -60, bssid: 'aa:bb:cc:dd:ee:ff' },
      temperature: 40,
    }),
    ...totalMessages(mqtt, [state]),
    ...inverterStatusMessages(mqtt, state),
    ...inverterChannelMessages(mqtt, state),
    ...discovery,
  ];
  // The base may be either: the gateway's MQTT settings or a companion's own broker.
  const sentPatterns = MQTT_TOPICS.filter((t) => t.action === 'send').map((t) => ({
    ...t,
    pattern: topicPattern(
      t.address.replace('{hassPrefix}', mqtt.hass.topic).replace('{lwtTopic}', mqtt.lwt.topic),
    ),
  }));

  it('each match a channel of the AsyncAPI document', () => {
    expect(sent.length).toBeGreaterThan(100);
    const unmatched = sent.filter((m) => !sentPatterns.some((t) => t.pattern.test(m.topic)));
    expect(unmatched.map((m) => m.topic)).toEqual([]);
  });

  it('carry discovery payloads of the documented shape', () => {
    expect(
      MQTT_TOPICS.some((t) => 'json' in t.payload && t.payload.json === HassDiscoveryConfigSchema),
    ).toBe(true);
    const schema = HassDiscoveryConfigSchema.strict();
    const houseConfigs = house.filter((m) => m.topic.endsWith('/config'));
    expect(houseConfigs.length).toBeGreaterThan(10);
    for (const m of [...discovery, ...houseConfigs].filter((d) => d.payload !== '')) {
      expect([m.topic, schema.safeParse(JSON.parse(m.payload)).success]).toEqual([m.topic, true]);
    }
  });
});
