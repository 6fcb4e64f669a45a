import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { queryParam } from './query-param.js';

/**
 * GET /api/inverter/stats_reset?inv=<serial>, wire-contract §4.3: radio statistics back to 0
 * and 4010, or `{}` when the inverter is not known. Same command path as MQTT reset_rf_stats.
 */
export const inverterStatsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/inverter/stats_reset', { preHandler: app.requireAdmin }, async (request, reply) => {
    if (!app.device.resetRadioStats(queryParam(request, 'inv'))) return {};
    return reply.result(ApiCode.InverterStatsResetted);
  });
};
