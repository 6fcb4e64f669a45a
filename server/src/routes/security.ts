import type { FastifyPluginAsync } from 'fastify';

/** /api/security — wire-contract §4. */
export const securityRoutes: FastifyPluginAsync = async () => {};
