import { z } from 'zod';
import {
  ADMIN_USERNAME,
  DEFAULT_PASSWORD,
  LOGIN_FAILURES_MAX,
  LOGIN_LOCKOUT_SECONDS,
} from '../limits.js';
import { DEVICE_PROBLEM_CODES, DEVICE_PROBLEM_HEADER } from '../device-problem.js';
import { FIRMWARE_VERSION } from '../system.js';
import { ComponentSet, type JsonSchema } from './json-schema.js';
import { DATA_CODES, type Operation } from './operation.js';
import { API_OPERATIONS, GUARD_TEXT, responseSchemaOf, splitOperationKey } from './operations.js';
import { resultCodeSchema } from './result-codes.js';
import { AREA_DESCRIPTIONS, openApiIntro } from './texts.js';

export type OpenApiDocument = JsonSchema & {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> } & JsonSchema;
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

/** "POST /api/inverter/add" → postInverterAdd; the name a client generator gives the call. */
export function operationIdOf(key: string): string {
  const { method, path } = splitOperationKey(key);
  return method.toLowerCase() + pascal(path.replace(/^\/api\//, ''));
}

function queryParameters(query: z.ZodObject): JsonSchema[] {
  const schema = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/** The `data=<json>` body of wire-contract §1.1, urlencoded or multipart alike. */
function dataBody(dataRef: JsonSchema): JsonSchema {
  const form = {
    schema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'string',
          description: 'The request as JSON text.',
          contentMediaType: 'application/json',
          contentSchema: dataRef,
        },
      },
    },
    encoding: { data: { contentType: 'application/json' } },
  };
  return {
    required: true,
    description:
      'One form field `data` holding the JSON request. Integrations may send `data=<json>` without percent-encoding and without a content type.',
    content: { 'application/x-www-form-urlencoded': form, 'multipart/form-data': form },
  };
}

function uploadBody(parts: Readonly<Record<string, string>>): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(parts).map(([name, description]) => [
      name,
      { type: 'string', contentMediaType: 'application/octet-stream', description },
    ]),
  );
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties, required: Object.keys(parts) },
      },
    },
  };
}

function responsesOf(key: string, op: Operation, components: ComponentSet): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  const id = pascal(operationIdOf(key));
  const answer = responseSchemaOf(key, op);
  if (op.raw) {
    responses['200'] = {
      description: op.raw.description,
      content: {
        [op.raw.type]: { schema: { type: op.raw.type.endsWith('json') ? 'object' : 'string' } },
      },
    };
  } else if (answer) {
    const codes = op.codes && [...op.codes, ...(op.data ? DATA_CODES : [])];
    const schema = components.ref(answer, 'output', `${id}Response`);
    responses['200'] = {
      description: codes ? 'The result envelope (see `code`).' : 'The answer.',
      content: {
        'application/json': {
          schema: codes
            ? { allOf: [schema, { properties: { code: resultCodeSchema(codes) } }] }
            : schema,
        },
      },
    };
  }
  if (op.guard !== 'none') {
    responses['401'] = ref('responses', 'Unauthorized');
    responses['429'] = ref('responses', 'TooManyFailedLogins');
  }
  for (const [status, doc] of Object.entries(op.statuses ?? {})) {
    if (!doc) continue;
    const content = doc.schema
      ? { 'application/json': { schema: components.ref(doc.schema, 'output', `${id}${status}`) } }
      : doc.text
        ? { 'text/plain': { schema: { type: 'string', description: doc.text } } }
        : undefined;
    responses[status] = { description: doc.description, ...(content ? { content } : {}) };
  }
  // A companion answers for its device when the device gives no answer (issue 24); its own
  // endpoints (the extensions) never go to a device.
  if (!op.extension) {
    for (const status of ['502', '503', '504'])
      responses[status] ??= ref('responses', `Device${status}`);
  }
  if (!op.raw && !responses['500']) responses['500'] = ref('responses', 'InternalError');
  return responses;
}

const SECURITY = {
  none: [],
  readonly: [{}, { basicAuth: [] }],
  admin: [{ basicAuth: [] }],
} as const;

function operationOf(key: string, op: Operation, components: ComponentSet): JsonSchema {
  const id = pascal(operationIdOf(key));
  const description = [op.description, `**Access:** ${GUARD_TEXT[op.guard]}`]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: operationIdOf(key),
    tags: [op.area],
    summary: op.summary,
    description,
    security: SECURITY[op.guard],
    'x-heliodtu-guard': op.guard,
    ...(op.extension ? { 'x-heliodtu-extension': true } : {}),
    ...(op.currentFirmwareOnly ? { 'x-opendtu-firmware': 'v26.3.30' } : {}),
    ...(op.query ? { parameters: queryParameters(op.query) } : {}),
    ...(op.data
      ? { requestBody: dataBody(components.ref(op.data, 'input', `${id}Request`)) }
      : op.upload
        ? { requestBody: uploadBody(op.upload) }
        : {}),
    responses: responsesOf(key, op, components),
  };
}

/** The OpenAPI 3.1 document of every REST operation in API_OPERATIONS. */
export function buildOpenApiDocument({ version = FIRMWARE_VERSION } = {}): OpenApiDocument {
  const components = new ComponentSet();
  const paths: OpenApiDocument['paths'] = {};
  for (const [key, op] of Object.entries(API_OPERATIONS)) {
    const { method, path } = splitOperationKey(key);
    (paths[path] ??= {})[method.toLowerCase()] = operationOf(key, op, components);
  }
  const schemas = components.toComponents();
  schemas['ResultCode'] = resultCodeSchema();
  const envelope = schemas['ApiResult'];
  if (envelope) {
    (envelope['properties'] as Record<string, JsonSchema>)['code'] = ref('schemas', 'ResultCode');
  }
  const areas = [...new Set(Object.values(API_OPERATIONS).map((op) => op.area))];
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'HelioDTU gateway REST API',
      version,
      summary:
        "OpenDTU's web API as v24.11.7 and v26.3.30 speak it (SIM_FIRMWARE picks the simulated one) plus HelioDTU's own endpoints.",
      description: openApiIntro(Object.entries(API_OPERATIONS)),
    },
    servers: [{ url: '/', description: 'This gateway' }],
    security: [{ basicAuth: [] }],
    tags: areas.map((name) => ({ name, description: AREA_DESCRIPTIONS[name] ?? name })),
    externalDocs: { description: 'Reference page', url: '/api/docs' },
    paths,
    components: {
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description: `User \`${ADMIN_USERNAME}\` and the admin password (default \`${DEFAULT_PASSWORD}\`). Send \`X-Requested-With\` to get a 401 without \`WWW-Authenticate\` (no browser login dialog).`,
        },
      },
      responses: {
        Unauthorized: {
          description: 'Credentials missing or wrong (empty body).',
          headers: {
            'WWW-Authenticate': {
              description:
                'Basic realm="Login Required"; left out when the request has X-Requested-With.',
              schema: { type: 'string' },
            },
          },
        },
        TooManyFailedLogins: {
          description: `HelioDTU: the client sent ${LOGIN_FAILURES_MAX} different wrong passwords within ${LOGIN_LOCKOUT_SECONDS / 60} minutes; its credentials are refused unchecked until the lockout ends (empty body). A right password before that clears the count.`,
          headers: {
            'Retry-After': {
              description: 'Seconds until the client may try again.',
              schema: { type: 'integer', minimum: 1 },
            },
          },
        },
        ...deviceUnavailableResponses(),
        InternalError: {
          description: 'Internal error: the envelope with code 1007, type danger.',
          content: { 'application/json': { schema: ref('schemas', 'ApiResult') } },
        },
      },
      schemas,
    },
  };
}

/**
 * What a companion answers for an OpenDTU operation its device did not answer (issue 24): the
 * device problem in plain words, marked by a header so that a client can tell "the companion
 * is here, the device is not" from "nothing answers". A device or simulated gateway never
 * sends these.
 */
function deviceUnavailableResponses(): Record<string, JsonSchema> {
  const body = {
    type: 'object',
    required: ['type', 'message', 'device', 'problem'],
    properties: {
      type: { const: 'danger' },
      message: { type: 'string', description: 'One plain English line; never a credential.' },
      device: { type: 'string', description: 'The id of the device the request was for.' },
      problem: { enum: [...DEVICE_PROBLEM_CODES] },
    },
  };
  const headers = {
    [DEVICE_PROBLEM_HEADER]: {
      description: 'The device problem code, on every answer the companion gives for its device.',
      schema: { enum: [...DEVICE_PROBLEM_CODES] },
    },
  };
  const answer = (description: string): JsonSchema => ({
    description: `Companion only: ${description}`,
    headers,
    content: { 'application/json': { schema: body } },
  });
  return {
    Device502: answer(
      'the device answered in a way it cannot pass on (a wrong stored password, not an OpenDTU, over 4 MiB).',
    ),
    Device503: answer(
      'the device cannot be reached, or is still answering earlier requests (problem `busy`).',
    ),
    Device504: answer('the device did not answer in time.'),
  };
}
