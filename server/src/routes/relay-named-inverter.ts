import type { FastifyRequest } from 'fastify';
import { queryParam } from './query-param.js';

/** A body read to find its serial; these settings are a few dozen bytes. */
const SERIAL_BODY_MAX_BYTES = 64 * 1024;

/** The `inv` query parameter, undefined when absent or empty. */
export function invParam(request: FastifyRequest): string | undefined {
  return queryParam(request, 'inv') || undefined;
}

/**
 * A limit or power setting's body, read whole so it can still be passed on, and the inverter
 * serial it names; both null when the body is too large to be such a setting.
 */
export async function settingBodyAndSerial(
  request: FastifyRequest,
): Promise<{ body: Buffer | null; serial: string | null }> {
  const body = await readBody(request.raw, SERIAL_BODY_MAX_BYTES);
  const serial = body && (await serialOfForm(body, request.headers['content-type']));
  return { body, serial };
}

/** The whole body of a small request, or null when it is larger than `max`. */
async function readBody(stream: NodeJS.ReadableStream, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > max) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** `serial` of the form field `data` (JSON), in a url-encoded or multipart body. */
async function serialOfForm(body: Buffer, contentType: string | undefined): Promise<string | null> {
  if (!contentType) return null;
  try {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    const data = form.get('data');
    if (typeof data !== 'string') return null;
    const serial = (JSON.parse(data) as { serial?: unknown } | null)?.serial;
    return typeof serial === 'string' || typeof serial === 'number' ? String(serial) : null;
  } catch {
    return null;
  }
}
