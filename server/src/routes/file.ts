import type { FastifyPluginAsync } from 'fastify';

/** /api/file — wire-contract §4. */
export const fileRoutes: FastifyPluginAsync = async () => {};
