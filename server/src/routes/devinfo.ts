import type { FastifyPluginAsync } from 'fastify';
import type { DevInfoResponse } from '@heliodtu/contract/dev-info';
import { queryParam } from './query-param.js';

/** GET /api/devinfo/status?inv=<serial>, wire-contract §4.5: `{}` for an unknown serial. */
export const devinfoRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/devinfo/status',
    { preHandler: app.requireReadonly },
    async (request): Promise<DevInfoResponse> =>
      app.device.devInfo(queryParam(request, 'inv')) ?? {},
  );
};
