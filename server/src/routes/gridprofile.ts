import type { FastifyPluginAsync } from 'fastify';
import type { GridProfileRaw, GridProfileStatus } from '@heliodtu/contract/grid-profile';
import { queryParam } from './query-param.js';

type Empty = Record<string, never>;

/** GET /api/gridprofile/status and /rawdata?inv=<serial>, wire-contract §4.5: `{}` when unknown. */
export const gridprofileRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/gridprofile/status',
    { preHandler: app.requireReadonly },
    async (request): Promise<GridProfileStatus | Empty> =>
      app.device.gridProfile(queryParam(request, 'inv')) ?? {},
  );

  app.get(
    '/api/gridprofile/rawdata',
    { preHandler: app.requireReadonly },
    async (request): Promise<GridProfileRaw | Empty> =>
      app.device.gridProfileRaw(queryParam(request, 'inv')) ?? {},
  );
};
