import type { FastifyPluginAsync } from 'fastify';

/** /api/network — wire-contract §4. */
export const networkRoutes: FastifyPluginAsync = async () => {};
