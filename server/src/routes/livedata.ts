import type { FastifyPluginAsync } from 'fastify';
import type { LiveDataStatus } from '@heliodtu/contract/live-data';
import { parseSerialHex } from '@heliodtu/contract/wire';
import { queryParam } from './query-param.js';

/**
 * GET /api/livedata/status[?inv=<serial>], wire-contract §4.2: partial objects of every
 * inverter, or with `inv` the full object of that one (`[]` when unknown); total and hints
 * always. An absent, 0 or unparsable `inv` counts as no `inv`, as on the device.
 */
export const livedataRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/livedata/status',
    { preHandler: app.requireReadonly },
    async (request): Promise<LiveDataStatus> => {
      const inv = queryParam(request, 'inv');
      return parseSerialHex(inv) === 0n ? app.device.liveData() : app.device.liveData(inv);
    },
  );
};
