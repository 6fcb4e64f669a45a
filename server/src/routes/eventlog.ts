import type { FastifyPluginAsync } from 'fastify';
import type { EventLogStatus } from '@heliodtu/contract/event-log';
import { queryParam } from './query-param.js';

/**
 * GET /api/eventlog/status?inv=<serial>&locale=<xx>, wire-contract §4.5: texts in de/fr
 * (case-insensitive), anything else English; `{}` for an unknown serial.
 */
export const eventlogRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/eventlog/status',
    { preHandler: app.requireReadonly },
    async (request): Promise<EventLogStatus | Record<string, never>> =>
      app.device.eventLog(queryParam(request, 'inv'), queryParam(request, 'locale')) ?? {},
  );
};
