import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { passwordProblem } from '@heliodtu/contract/rules/security-rules';
import { SecurityConfigRequestSchema, type SecurityConfig } from '@heliodtu/contract/security';
import { ApiFailure } from '../plugins/api-failure.js';

/** /api/security: login check and the admin password / read-only setting, wire-contract §2, §4.1. */
export const securityRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/security/authenticate', { preHandler: app.requireAdmin }, async (_request, reply) =>
    reply.result(ApiCode.SecurityAuthSuccess),
  );

  app.get(
    '/api/security/config',
    { preHandler: app.requireAdmin },
    async (): Promise<SecurityConfig> => {
      const { password, allow_readonly } = app.store.config.security;
      return { password, allow_readonly };
    },
  );

  app.post('/api/security/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(SecurityConfigRequestSchema);
    const problem = passwordProblem(data.password);
    if (problem) throw new ApiFailure(problem.code, problem.param);
    const saved = await app.store.update((draft) => {
      draft.security.password = data.password;
      draft.security.allow_readonly = data.allow_readonly;
    });
    if (!saved) return reply.result(ApiCode.GenericWriteFailed);
    app.consoleLog.write('Security settings saved');
    return reply.result(ApiCode.GenericSuccess);
  });
};
