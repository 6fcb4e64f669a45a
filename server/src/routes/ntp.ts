import type { FastifyPluginAsync } from 'fastify';

/** /api/ntp — wire-contract §4. */
export const ntpRoutes: FastifyPluginAsync = async () => {};
