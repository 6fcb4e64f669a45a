import type { FastifyPluginAsync } from 'fastify';

/** /api/system — wire-contract §4. */
export const systemRoutes: FastifyPluginAsync = async () => {};
