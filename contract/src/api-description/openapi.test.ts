import { describe, expect, it } from 'vitest';
import { ENDPOINT_KEYS } from '../endpoints.js';
import { HISTORY_RESPONSE_SCHEMAS } from '../history.js';
import { buildAsyncApiDocument } from './asyncapi.js';
import { topicPattern } from './mqtt-topics.js';
import { buildOpenApiDocument, operationIdOf } from './openapi.js';
import { API_OPERATIONS, responseSchemaOf } from './operations.js';
import { RESULT_CODES } from './result-codes.js';

// Lint with the maintained validators and the drift checks against the server: server/test/api-description.test.ts.
type JsonObject = Record<string, unknown>;
const doc = buildOpenApiDocument();
const keys = Object.keys(API_OPERATIONS);

describe('API_OPERATIONS', () => {
  it('describe every endpoint of the contract', () => {
    const missing = [...ENDPOINT_KEYS, ...Object.keys(HISTORY_RESPONSE_SCHEMAS)].filter(
      (key) => !keys.includes(key),
    );
    expect(missing).toEqual([]);
  });

  it('give every operation an answer: JSON schema or a raw media type', () => {
    for (const [key, op] of Object.entries(API_OPERATIONS)) {
      expect([key, Boolean(op.raw || responseSchemaOf(key, op))]).toEqual([key, true]);
    }
  });

  it('send `data` only with POST, and list only known result codes', () => {
    const known = new Set(RESULT_CODES.map((c) => c.code));
    for (const [key, op] of Object.entries(API_OPERATIONS)) {
      if (op.data) expect(key).toMatch(/^POST /);
      for (const code of op.codes ?? []) expect([key, known.has(code)]).toEqual([key, true]);
    }
  });
});

describe('buildOpenApiDocument', () => {
  it("lists a companion's answers for its device on OpenDTU operations only", () => {
    for (const [key, op] of Object.entries(API_OPERATIONS)) {
      const [method, path] = key.split(' ') as [string, string];
      const responses = (doc.paths[path]?.[method.toLowerCase()] as { responses: object })
        .responses as Record<string, { $ref?: string }>;
      const listed = ['502', '503', '504'].filter((status) => responses[status]);
      expect([key, listed]).toEqual([key, op.extension ? [] : ['502', '503', '504']]);
    }
    const unavailable = (doc.components as unknown as { responses: Record<string, JsonObject> })
      .responses['Device503']!;
    const schema = (unavailable['content'] as Record<string, { schema: JsonObject }>)[
      'application/json'
    ]!.schema;
    expect(schema['required']).toEqual(['type', 'message', 'device', 'problem']);
    expect(Object.keys(unavailable['headers'] as object)).toEqual(['X-HelioDTU-Device-Problem']);
  });

  it('is OpenAPI 3.1 with one operation per catalogue entry and unique operation ids', () => {
    expect(doc['openapi']).toBe('3.1.0');
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(ops).toHaveLength(keys.length);
    expect(new Set(keys.map(operationIdOf)).size).toBe(keys.length);
  });

  it('describes the data=<json> form body with the request schema as contentSchema', () => {
    const body = doc.paths['/api/ntp/config']?.['post']?.['requestBody'] as {
      content: Record<string, { schema: { properties: { data: Record<string, unknown> } } }>;
    };
    const data = body.content['application/x-www-form-urlencoded']?.schema.properties.data;
    expect(data).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { $ref: '#/components/schemas/NtpConfigData' },
    });
    expect(Object.keys(body.content)).toContain('multipart/form-data');
  });

  it('states guards as security requirements', () => {
    const security = (path: string) => doc.paths[path]?.['get']?.['security'];
    expect(security('/api/i18n/languages')).toEqual([]);
    expect(security('/api/livedata/status')).toEqual([{}, { basicAuth: [] }]);
    expect(security('/api/ntp/config')).toEqual([{ basicAuth: [] }]);
  });

  it('marks the string orientation fields as HelioDTU extensions (issue 23)', () => {
    const schemas = (doc['components'] as { schemas: Record<string, Record<string, unknown>> })
      .schemas;
    const channel = schemas['InverterChannel']?.['properties'] as Record<string, object>;
    for (const key of ['azimuth', 'tilt']) {
      expect(channel[key]).toMatchObject({ 'x-heliodtu-extension': true });
    }
    expect(schemas['DcOrientation']).toMatchObject({ 'x-heliodtu-extension': true });
  });

  it('lists every result code with name and meaning', () => {
    const codes = doc.components.schemas['ResultCode']?.['oneOf'] as { const: number }[];
    expect(codes.map((c) => c.const)).toContain(7013);
    expect(codes.map((c) => c.const)).not.toContain(7000);
    expect(codes.find((c) => c.const === 10001)).toMatchObject({
      title: 'SecurityPasswordLength',
      description: 'warning: Password must between 8 and 64 characters long!',
    });
  });

  it('resolves every $ref', () => {
    const text = JSON.stringify(doc);
    for (const [, kind, name] of text.matchAll(/"#\/components\/(\w+)\/([^"]+)"/g)) {
      const section = (doc.components as Record<string, Record<string, unknown>>)[kind ?? ''];
      expect([kind, name, Boolean(section?.[name ?? ''])]).toEqual([kind, name, true]);
    }
  });
});

describe('buildAsyncApiDocument', () => {
  const asyncapi = buildAsyncApiDocument();

  it('has the two sockets and the live-data payload from the contract', () => {
    const channels = asyncapi['channels'] as Record<string, { address: string }>;
    expect(channels['livedata']?.address).toBe('/livedata');
    expect(channels['console']?.address).toBe('/console');
    const schemas = (asyncapi['components'] as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['LiveDataMessage', 'HassDiscoveryConfig']),
    );
  });

  it('matches concrete topics to channel addresses', () => {
    const status = topicPattern('solar/{serial}/status/{inverterStatus}');
    expect(status.test('solar/114172345678/status/reachable')).toBe(true);
    expect(status.test('solar/114172345678/status/unknown')).toBe(false);
    expect(topicPattern('{base}dtu/{dtuTopic}').test('solar/dtu/heap/free')).toBe(true);
  });
});
