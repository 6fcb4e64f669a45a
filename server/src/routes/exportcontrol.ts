import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ExportControlConfigSchema,
  ExportControlSetSchema,
  type ExportControlConfig,
  type ExportControlStatus,
} from '@heliodtu/contract/export-control';
import type { PowerSettingsResult } from '@heliodtu/contract/grid-meter';
import { ApiFailure } from '../plugins/api-failure.js';
import { configProblem } from '../export-control/config-checks.js';

const SAVED: PowerSettingsResult = { ok: true, field: '', message: 'Settings saved.' };

/**
 * The `data` field parsed, or null after answering 400 with a plain line: these endpoints answer
 * `{ok, field, message}` (PowerSettingsResult), never OpenDTU's envelope.
 */
async function readSettingsData<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
): Promise<z.infer<S> | null> {
  try {
    return await request.readData(schema);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    const refused: PowerSettingsResult = {
      ok: false,
      field: 'data',
      message: 'The form field data is missing, not JSON, or not of the expected shape.',
    };
    await reply.code(400).send(refused);
    return null;
  }
}

/**
 * /api/exportcontrol/* (issue 35): the status readable like live data, the settings and the
 * on/off-and-target switch for automations behind the admin login. Bad input is refused with
 * the field and a plain line; nothing is saved then. Absent without the export control plugin.
 */
export const exportControlRoutes: FastifyPluginAsync = async (app) => {
  const control = app.exportControl;
  const admin = app.exportControlAdmin;
  if (!control || !admin) return;

  app.get(
    '/api/exportcontrol/status',
    { preHandler: app.requireReadonly },
    async (): Promise<ExportControlStatus> => control.status(),
  );

  app.get(
    '/api/exportcontrol/config',
    { preHandler: app.requireAdmin },
    async (): Promise<ExportControlConfig> => admin.settings.get(),
  );

  app.post(
    '/api/exportcontrol/config',
    { preHandler: app.requireAdmin },
    async (request, reply) => {
      const data = await readSettingsData(request, reply, ExportControlConfigSchema);
      if (!data) return reply;
      const problem = configProblem(data, admin.settings.get(), admin.fleet);
      if (problem) return reply.code(400).send(problem);
      try {
        await admin.settings.save(data);
      } catch (error) {
        app.consoleLog.write(`Export control: settings not saved: ${(error as Error).message}`);
        return reply.code(500).send(notWritten());
      }
      return SAVED;
    },
  );

  app.post('/api/exportcontrol/set', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await readSettingsData(request, reply, ExportControlSetSchema);
    if (!data) return reply;
    try {
      await control.set(data);
    } catch (error) {
      app.consoleLog.write(`Export control: switch not saved: ${(error as Error).message}`);
      return reply.code(500).send(notWritten());
    }
    return SAVED;
  });
};

const notWritten = (): PowerSettingsResult => ({
  ok: false,
  field: '',
  message: 'The settings could not be written.',
});
