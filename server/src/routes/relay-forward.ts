import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_PROBLEM_HEADER } from '@heliodtu/contract/device-problem';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { RelayResult } from '../device/relay/device-relay.js';
import { sendApiPathUnknown } from './api-path-unknown.js';

/** Passes one request on to `companion` as it came (or with the body already read). */
export async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  companion: DeviceCompanion,
  pathAndQuery: string,
  readBody?: Buffer,
  /** Sees the device's answer before it is passed back (export control notes owners' limits). */
  onResult?: (result: RelayResult) => void,
): Promise<FastifyReply> {
  const method = request.method === 'POST' ? 'POST' : 'GET';
  const { 'content-type': contentType, 'content-length': contentLength } = request.headers;
  const length = readBody ? String(readBody.length) : contentLength;
  const result = await companion.relay.forward(method, pathAndQuery, {
    ...(contentType ? { contentType } : {}),
    ...(length ? { contentLength: length } : {}),
    ...(method === 'POST' ? { body: readBody ? Readable.from([readBody]) : request.raw } : {}),
  });
  const path = pathAndQuery.split('?')[0] ?? '';
  companion.relayed(method, path, result);
  onResult?.(result);
  if (isWebPageForApi(path, result)) return sendApiPathUnknown(reply);
  return send(reply, companion, result);
}

/**
 * An OpenDTU answers a path it does not have with its web page and 200 (wire-contract §4.17);
 * under /api that means "no such endpoint" (a v24 device asked a v26 one), never a page. The
 * device's API answers JSON, text (metrics) or a file, never HTML.
 */
function isWebPageForApi(path: string, result: RelayResult): boolean {
  if (!result.ok || !path.startsWith('/api/')) return false;
  return /^text\/html\b/i.test(result.headers['content-type'] ?? '');
}

/** Answers with the device's reply, or, when it could not be reached, with why. */
export function send(
  reply: FastifyReply,
  companion: DeviceCompanion,
  result: RelayResult,
): FastifyReply {
  if (!result.ok) {
    // The marker tells the interface the companion answered: the device is the one away.
    return reply
      .code(result.status)
      .type('application/json')
      .header(DEVICE_PROBLEM_HEADER, result.problem.code)
      .send({
        type: 'danger',
        message: result.problem.message,
        device: companion.id,
        problem: result.problem.code,
      });
  }
  return reply.code(result.status).headers(result.headers).send(result.body);
}
