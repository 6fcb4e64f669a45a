import type { FastifyPluginAsync } from 'fastify';

/** /api/i18n — wire-contract §4. */
export const i18nRoutes: FastifyPluginAsync = async () => {};
