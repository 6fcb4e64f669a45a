import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiCode } from '@heliodtu/contract/codes';
import { POST_BODY_MAX_BYTES } from '@heliodtu/contract/limits';
import { ApiFailure } from './api-failure.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The POST `data` field parsed as JSON and checked against `schema`:
     * 1002 without `data`, 1004 when it is no JSON, 1005 when the kinds do not match.
     */
    readData<S extends z.ZodType>(schema: S): Promise<z.infer<S>>;
  }
}

/**
 * Finds `data` in a form body. Integrations post `data=<raw json>` without percent-encoding
 * and with any or no content type (integrations §7.1), so the raw text after `data=` is
 * tried as JSON first; a properly encoded form is decoded second.
 */
export function dataFromFormText(body: string): string | undefined {
  if (body.startsWith('data=')) {
    const raw = body.slice('data='.length);
    if (isJson(raw)) return raw;
  }
  const params = new URLSearchParams(body);
  return params.get('data') ?? undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

async function dataFromMultipart(request: FastifyRequest): Promise<string | undefined> {
  let data: string | undefined;
  let truncated = false;
  for await (const part of request.parts()) {
    if (part.type === 'field' && part.fieldname === 'data' && data === undefined) {
      data = String(part.value);
      // Busboy cuts a field at the size limit; the cut text could still parse (valid JSON + padding).
      truncated = part.valueTruncated;
    } else if (part.type === 'file') {
      // Drain unexpected files so the request completes.
      part.file.resume();
    }
  }
  if (truncated) throw new ApiFailure(ApiCode.GenericDataTooLarge);
  return data;
}

export const dataFieldPlugin = fp(
  async (app) => {
    // Every non-multipart body arrives as text; JSON and form bodies alike carry `data`.
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: POST_BODY_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.decorateRequest('readData', async function <
      S extends z.ZodType,
    >(this: FastifyRequest, schema: S): Promise<z.infer<S>> {
      const text = this.isMultipart()
        ? await dataFromMultipart(this)
        : typeof this.body === 'string'
          ? dataFromFormText(this.body)
          : undefined;
      if (text === undefined) throw new ApiFailure(ApiCode.GenericNoValueFound);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ApiFailure(ApiCode.GenericParseError);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ApiFailure(ApiCode.GenericValueMissing);
      return parsed.data;
    });
  },
  { name: 'data-field', dependencies: ['@fastify/multipart'] },
);
