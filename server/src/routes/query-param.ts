import type { FastifyRequest } from 'fastify';

/** A query parameter as text: the first of repeated ones; '' when absent (serial 0 on the device). */
export function queryParam(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' ? first : '';
}
