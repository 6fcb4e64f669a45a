import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import { DEVICE_PATH_PREFIX } from '@heliodtu/contract/companion';
import { apiResult } from '../plugins/api-result.js';

/** `/api/…` or `/dtu/<id>/api/…` (issue 27's device prefix). */
const API_PATH = new RegExp(`^(${DEVICE_PATH_PREFIX}[^/?]+)?/api(/|\\?|$)`);

/**
 * A companion's answer to an API path neither it nor the device has: a JSON 404 (issue 34). A
 * device and the simulated gateway answer such a path with the interface's page, as OpenDTU
 * does (wire-contract §4.17); a companion speaks for several and answers as an API should.
 */
export function sendApiPathUnknown(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('application/json').send(apiResult(ApiCodeCompanion.ApiPathUnknown));
}

/** web-static's hook on a companion: an unmatched API request gets the JSON 404, pages the interface. */
export function companionApiNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  return API_PATH.test(request.url) ? sendApiPathUnknown(reply) : undefined;
}
