import type { FastifyPluginAsync } from 'fastify';

/** /api/inverter — wire-contract §4. */
export const inverterRoutes: FastifyPluginAsync = async () => {};
