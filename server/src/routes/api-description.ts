import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { buildAsyncApiDocument } from '@heliodtu/contract/api-description/asyncapi';
import { buildOpenApiDocument } from '@heliodtu/contract/api-description/openapi';
import { renderReferencePage } from '@heliodtu/contract/api-description/reference-page';
import { acceptedEncodings } from '../plugins/web-static.js';

interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

interface Served {
  body: string;
  type: string;
  /** The ETag's hash of the body; each encoding gets its own tag from it. */
  hash: string;
  /** Brotli and gzip of the body, made off the event loop on first use and kept. */
  compressed?: Promise<Compressed>;
}

interface Documents {
  openapi: Served;
  asyncapi: Served;
  docs: Served;
}

const served = (body: string, type: string): Served => ({
  body,
  type,
  hash: createHash('sha1').update(body).digest('base64url'),
});

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The documents change only with the code: compressed as small as the codecs go, once. */
function compressed(doc: Served): Promise<Compressed> {
  doc.compressed ??= Promise.all([
    brotli(doc.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(doc.body),
      },
    }),
    gzipped(doc.body, { level: constants.Z_BEST_COMPRESSION }),
  ]).then(([br, gzip]) => ({ br, gzip }));
  return doc.compressed;
}

let cached: Documents | undefined;

/**
 * The three documents, generated from the contract on first use and kept for the life of the
 * process: they depend on the code only, never on the settings (about 60 ms once).
 */
export function apiDocuments(): Documents {
  if (!cached) {
    const openapi = buildOpenApiDocument();
    const asyncapi = buildAsyncApiDocument();
    cached = {
      openapi: served(JSON.stringify(openapi), 'application/json; charset=utf-8'),
      asyncapi: served(JSON.stringify(asyncapi), 'application/json; charset=utf-8'),
      docs: served(renderReferencePage(openapi, asyncapi), 'text/html; charset=utf-8'),
    };
  }
  return cached;
}

/**
 * By Accept-Encoding brotli, else gzip, else the text itself (the OpenAPI document is about
 * ten times smaller compressed). Each encoding has its own ETag, so a cache keyed by the tag
 * never takes one encoding for another.
 */
async function send(request: FastifyRequest, reply: FastifyReply, doc: Served) {
  const accepts = acceptedEncodings(request.headers['accept-encoding']);
  const encoding = accepts.br ? 'br' : accepts.gzip ? 'gzip' : undefined;
  const etag = `"${doc.hash}${encoding ? `-${encoding}` : ''}"`;
  void reply
    .header('ETag', etag)
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  void reply.type(doc.type);
  if (!encoding) return reply.send(doc.body);
  const body = (await compressed(doc))[encoding];
  return reply.header('Content-Encoding', encoding).send(body);
}

/**
 * GET /api/openapi.json, /api/asyncapi.json and the reference page /api/docs (issue 16).
 * Public: they describe the API, never the settings or data of this gateway.
 */
export const apiDescriptionRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/openapi.json', (request, reply) => send(request, reply, apiDocuments().openapi));
  app.get('/api/asyncapi.json', (request, reply) => send(request, reply, apiDocuments().asyncapi));
  app.get('/api/docs', (request, reply) => send(request, reply, apiDocuments().docs));
};
