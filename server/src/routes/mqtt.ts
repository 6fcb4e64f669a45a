import type { FastifyPluginAsync } from 'fastify';

/** /api/mqtt — wire-contract §4. */
export const mqttRoutes: FastifyPluginAsync = async () => {};
