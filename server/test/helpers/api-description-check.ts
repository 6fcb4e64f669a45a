import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { apiDocuments } from '../../src/routes/api-description.js';

/**
 * Checks every answer a test gateway sends against the OpenAPI document (issue 16), so the
 * description cannot drift from the code: status documented, media type as stated, JSON body
 * valid against the schema (objects are closed, result codes limited per operation). Answers
 * to paths the document does not describe (the interface's files, the SPA fallback) pass.
 * Validators are compiled once per process and per operation/status.
 */

type Json = Record<string, unknown>;

const DOC = JSON.parse(apiDocuments().openapi.body) as {
  paths: Record<string, Record<string, Json>>;
  components: { responses: Record<string, Json> };
};
const DOC_ID = 'openapi.json';
const ASYNC = JSON.parse(apiDocuments().asyncapi.body) as {
  channels: Record<string, { address: string; messages: Record<string, Json> }>;
};
const ASYNC_ID = 'asyncapi.json';
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(DOC, DOC_ID);
ajv.addSchema(ASYNC, ASYNC_ID);
const validators = new Map<string, ValidateFunction>();

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function validatorAt(path: string, id = DOC_ID): ValidateFunction {
  let validate = validators.get(`${id}#/${path}`);
  if (!validate) {
    validate = ajv.compile({ $ref: `${id}#/${path}` });
    validators.set(`${id}#/${path}`, validate);
  }
  return validate;
}

export interface Answer {
  method: string;
  /** The URL path, without the query. */
  path: string;
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** undefined: a stream, whose bytes are not read (status and media type are still checked). */
  body: string | Buffer | null | undefined;
}

/** What is wrong with an answer, or null when the document describes it (or not the path). */
export function answerProblem(answer: Answer): string | null {
  const method = answer.method.toLowerCase();
  const operation = DOC.paths[answer.path]?.[method];
  if (!operation) return null;
  const where = `${answer.method} ${answer.path} → ${answer.status}`;
  const responses = operation['responses'] as Record<string, Json>;
  let response = responses[String(answer.status)];
  let responseAt = ['paths', answer.path, method, 'responses', String(answer.status)];
  if (!response) return `${where}: status not in the OpenAPI document`;
  const ref = response['$ref'];
  if (typeof ref === 'string') {
    const name = ref.slice(ref.lastIndexOf('/') + 1);
    response = DOC.components.responses[name] ?? {};
    responseAt = ['components', 'responses', name];
  }
  const content = response['content'] as Record<string, Json> | undefined;
  const text = answer.body ? answer.body.toString() : '';
  if (!content) {
    return text === ''
      ? null
      : `${where}: documented without a body, but sent ${text.slice(0, 80)}`;
  }
  const type = (answer.contentType ?? '').split(';')[0]?.trim() ?? '';
  if (content['*/*']) return null;
  if (!content[type]) {
    return `${where}: content type "${type}" not documented (${Object.keys(content).join(', ')})`;
  }
  if (type !== 'application/json' || answer.contentEncoding || answer.body === undefined) {
    return null;
  }
  let json: unknown;
  try {
    // A UTF-8 decoder drops a byte order mark (restored language packs may keep theirs).
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return `${where}: body is not JSON`;
  }
  const validate = validatorAt(pointer(...responseAt, 'content', type, 'schema'));
  if (validate(json)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  return `${where}: body does not match the OpenAPI document: ${errors.join('; ')}`;
}

/** Records a problem for every answer of `app` that the document contradicts. */
export function checkAnswers(app: FastifyInstance, problems: string[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    // An operation only v26.3.30 serves is, on a v24.11.7 gateway, an unknown path.
    if (app.system.firmware !== 'v26' && onlyOnCurrentFirmware(request.method, path))
      return payload;
    const body =
      typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null
        ? payload
        : undefined;
    const header = (name: string) => {
      const value = reply.getHeader(name);
      return value === undefined ? undefined : String(value);
    };
    const problem = answerProblem({
      method: request.method,
      path,
      status: reply.statusCode,
      contentType: header('content-type'),
      contentEncoding: header('content-encoding'),
      body,
    });
    if (problem) problems.push(problem);
    return payload;
  });
}

/**
 * What is wrong with a text frame a socket at `path` sent, or null when one of the channel's
 * messages in the AsyncAPI document describes it (or the document has no such channel).
 */
export function socketMessageProblem(path: string, text: string): string | null {
  const entry = Object.entries(ASYNC.channels).find(([, c]) => c.address === path);
  if (!entry) return null;
  const [id, channel] = entry;
  for (const [name, message] of Object.entries(channel.messages)) {
    let value: unknown = text;
    if (message['contentType'] === 'application/json') {
      try {
        value = JSON.parse(text);
      } catch {
        continue;
      }
    }
    const at = pointer('channels', id, 'messages', name, 'payload');
    if (validatorAt(at, ASYNC_ID)(value)) return null;
  }
  return `${path}: message matches no message of the AsyncAPI document: ${text.slice(0, 120)}`;
}

/** The operation is marked as served by v26.3.30 only. */
function onlyOnCurrentFirmware(method: string, path: string): boolean {
  const operation = DOC.paths[path]?.[method.toLowerCase()];
  return operation?.['x-opendtu-firmware'] === 'v26.3.30';
}
