import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { loggingSettings } from '@heliodtu/contract/config-file';
import { LoggingConfigRequestSchema, type LoggingConfig } from '@heliodtu/contract/logging';
import { applyLoggingConfig } from '@heliodtu/contract/rules/logging-rules';
import { LOG_MODULES, moduleLevels } from '../device/log-modules.js';

/**
 * GET/POST /api/logging/config (admin), current firmware (v26.3.30) only (wire-current §3): the
 * default log level and one per module, kept in config.json's `logging`. Registered only on a v26
 * gateway; a v24 one answers the path like any unknown one. The levels decide which lines the
 * console shows (device/log-modules.ts).
 */
export const loggingRoutes: FastifyPluginAsync = async (app) => {
  if (app.system.firmware !== 'v26') return;

  app.get(
    '/api/logging/config',
    { preHandler: app.requireAdmin },
    async (): Promise<LoggingConfig> => {
      const logging = loggingSettings(app.store.config);
      return { loglevel: { default: logging.default, modules: moduleLevels(logging) } };
    },
  );

  app.post('/api/logging/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(LoggingConfigRequestSchema);
    const current = loggingSettings(app.store.config);
    const next = applyLoggingConfig(
      { default: current.default, modules: moduleLevels(current) },
      data,
      LOG_MODULES,
    );
    const saved = await app.store.update((draft) => {
      draft.logging = next;
    });
    if (!saved) return reply.result(ApiCode.GenericWriteFailed);
    app.consoleLog.write('Logging settings saved', { tag: 'config' });
    return reply.result(ApiCode.GenericSuccess);
  });
};
