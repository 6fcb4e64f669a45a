import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiFailure } from '../plugins/api-failure.js';
import {
  AlertsConfigDataSchema,
  AlertsTestDataSchema,
  type AlertsResult,
  type AlertsStatus,
} from '@heliodtu/contract/alerts';
import { mergeSettings, publicSettings, settingsProblem } from '../alerts/alert-settings.js';

/**
 * /api/alerts/* (issue 28): the status readable like live data, the delivery settings and the
 * test for the admin. A gateway without the alerts plugin answers nothing here (404). Settings
 * are validated and saved here; the alerts service reacts to the save itself.
 */
/**
 * The `data` field parsed, or null after answering 400 with a plain line: these endpoints answer
 * `{ok, field, message}`, never OpenDTU's envelope.
 */
async function readAlertsData<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
): Promise<z.infer<S> | null> {
  try {
    return await request.readData(schema);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    const refused: AlertsResult = {
      ok: false,
      field: 'data',
      message: 'The form field data is missing, not JSON, or not of the expected shape.',
    };
    await reply.code(400).send(refused);
    return null;
  }
}

export const alertsRoutes: FastifyPluginAsync = async (app) => {
  const alerts = app.alerts;
  if (!alerts) return;

  app.get('/api/alerts/status', { preHandler: app.requireReadonly }, async () => {
    const status: AlertsStatus = {
      open: alerts.evaluator.openAlerts().map(alerts.wire),
      recent: alerts.evaluator.recent().map(alerts.wire),
      persistent: alerts.persistent(),
      now: Math.floor(app.clock.now() / 1000),
    };
    return status;
  });

  app.get('/api/alerts/config', { preHandler: app.requireAdmin }, async () =>
    publicSettings(alerts.settings.settings),
  );

  app.post('/api/alerts/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await readAlertsData(request, reply, AlertsConfigDataSchema);
    if (!data) return reply;
    const problem = settingsProblem(data);
    if (problem) return reply.code(400).send(problem);
    const next = mergeSettings(alerts.settings.settings, data);
    try {
      await alerts.settings.save(next);
    } catch (error) {
      app.consoleLog.write(`Alerts: settings not saved: ${(error as Error).message}`);
      const failed: AlertsResult = {
        ok: false,
        field: '',
        message: 'The settings could not be written.',
      };
      return reply.code(500).send(failed);
    }
    const saved: AlertsResult = { ok: true, field: '', message: 'Settings saved.' };
    return saved;
  });

  app.post('/api/alerts/test', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await readAlertsData(request, reply, AlertsTestDataSchema);
    if (!data) return reply;
    const { channel } = data;
    const settings = alerts.settings.settings;
    if (channel === 'email') {
      if (settings.email.host === '' || settings.email.to === '') {
        const refused: AlertsResult = {
          ok: false,
          field: 'email.host',
          message: 'No SMTP server or recipient is saved.',
        };
        return reply.code(400).send(refused);
      }
      const problem = await alerts.test('email');
      if (problem !== null) app.consoleLog.write(`Alerts: test e-mail failed: ${problem}`);
      const result: AlertsResult =
        problem === null
          ? { ok: true, field: '', message: 'The SMTP server accepted the test message.' }
          : { ok: false, field: '', message: `The test message was not accepted: ${problem}.` };
      return result;
    }
    if (settings.webhook.url === '') {
      const refused: AlertsResult = {
        ok: false,
        field: 'webhook.url',
        message: 'No webhook address is saved.',
      };
      return reply.code(400).send(refused);
    }
    const problem = await alerts.test('webhook');
    const result: AlertsResult =
      problem === null
        ? { ok: true, field: '', message: 'The receiver took the test message.' }
        : { ok: false, field: '', message: `The test message was not taken: ${problem}.` };
    return result;
  });
};
