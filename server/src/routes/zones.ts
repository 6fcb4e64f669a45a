import type { FastifyPluginAsync } from 'fastify';

/** /api/zones — wire-contract §4. */
export const zonesRoutes: FastifyPluginAsync = async () => {};
