import type { FastifyPluginAsync } from 'fastify';
import { ApiFailure } from '../plugins/api-failure.js';
import {
  GridMeterConfigDataSchema,
  type GridMeterConfigData,
  type PowerSettingsResult,
} from '@heliodtu/contract/grid-meter';
import { gridMeterConfigProblems } from '@heliodtu/contract/rules/grid-meter-rules';
import {
  mergeGridMeterSettings,
  publicGridMeterSettings,
} from '../grid-meter/grid-meter-settings.js';

/**
 * /api/gridmeter/* (issue 35): the status readable like live data, the settings and "read now"
 * for the admin. Settings answer `{ok, field, message}`; bad input changes nothing.
 */
export const gridMeterRoutes: FastifyPluginAsync = async (app) => {
  if (!app.hasDecorator('gridMeter')) return;
  const meter = app.gridMeter;
  const store = app.gridMeterSettings;
  const extra = () => ({
    simulated_available: app.hasDecorator('simulatedHouse'),
    companion: app.devices !== undefined,
  });

  app.get('/api/gridmeter/status', { preHandler: app.requireReadonly }, async () => meter.status());

  app.get('/api/gridmeter/config', { preHandler: app.requireAdmin }, async () =>
    publicGridMeterSettings(store.settings, extra()),
  );

  app.post('/api/gridmeter/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    let data: GridMeterConfigData;
    try {
      data = await request.readData(GridMeterConfigDataSchema);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      const refused: PowerSettingsResult = {
        ok: false,
        field: 'data',
        message: 'The form field data is missing, not JSON, or not of the expected shape.',
      };
      return reply.code(400).send(refused);
    }
    if (data.source === 'simulated' && !extra().simulated_available) {
      const refused: PowerSettingsResult = {
        ok: false,
        field: 'source',
        message: 'This gateway has no simulated house.',
      };
      return reply.code(400).send(refused);
    }
    const [problem] = gridMeterConfigProblems(data, extra());
    if (problem) {
      const refused: PowerSettingsResult = {
        ok: false,
        field: problem.field,
        message: problem.message ?? 'The value is not accepted.',
      };
      return reply.code(400).send(refused);
    }
    try {
      await store.save(mergeGridMeterSettings(store.settings, data));
    } catch (error) {
      app.consoleLog.write(`Grid meter: settings not saved: ${(error as Error).message}`);
      const failed: PowerSettingsResult = {
        ok: false,
        field: '',
        message: 'The settings could not be written.',
      };
      return reply.code(500).send(failed);
    }
    meter.start();
    const saved: PowerSettingsResult = { ok: true, field: '', message: 'Settings saved.' };
    return saved;
  });

  app.post('/api/gridmeter/read', { preHandler: app.requireAdmin }, async () => meter.readNow());
};
