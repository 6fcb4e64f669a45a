import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_PROBLEM_HEADER } from '@heliodtu/contract/device-problem';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { RelayResult } from '../device/relay/device-relay.js';

/** Passes one request on to `companion` as it came (or with the body already read). */
export async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  companion: DeviceCompanion,
  pathAndQuery: string,
  readBody?: Buffer,
): Promise<FastifyReply> {
  const method = request.method === 'POST' ? 'POST' : 'GET';
  const { 'content-type': contentType, 'content-length': contentLength } = request.headers;
  const length = readBody ? String(readBody.length) : contentLength;
  const result = await companion.relay.forward(method, pathAndQuery, {
    ...(contentType ? { contentType } : {}),
    ...(length ? { contentLength: length } : {}),
    ...(method === 'POST' ? { body: readBody ? Readable.from([readBody]) : request.raw } : {}),
  });
  companion.relayed(method, pathAndQuery.split('?')[0] ?? '', result);
  return send(reply, companion, result);
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
