import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { buildAsyncApiDocument } from '@heliodtu/contract/api-description/asyncapi';
import { buildOpenApiDocument } from '@heliodtu/contract/api-description/openapi';
import { renderReferencePage } from '@heliodtu/contract/api-description/reference-page';

interface Served {
  body: string;
  type: string;
  etag: string;
}

interface Documents {
  openapi: Served;
  asyncapi: Served;
  docs: Served;
}

const served = (body: string, type: string): Served => ({
  body,
  type,
  etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
});

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

function send(request: FastifyRequest, reply: FastifyReply, doc: Served) {
  void reply.header('ETag', doc.etag).header('Cache-Control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === doc.etag)) {
    return reply.code(304).send();
  }
  return reply.type(doc.type).send(doc.body);
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
