import type { FastifyPluginAsync } from 'fastify';

/** /api/dtu — wire-contract §4. */
export const dtuRoutes: FastifyPluginAsync = async () => {};
