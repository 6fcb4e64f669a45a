import type { FastifyPluginAsync } from 'fastify';

/** /api/device — wire-contract §4. */
export const deviceRoutes: FastifyPluginAsync = async () => {};
