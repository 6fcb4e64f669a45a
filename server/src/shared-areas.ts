import type { FastifyInstance } from 'fastify';
import { alertsPlugin } from './alerts/alerts-plugin.js';
import { gridMeterPlugin } from './grid-meter/grid-meter-plugin.js';
import {
  registerExportControl,
  type ExportControlPluginOptions,
} from './export-control/export-control-plugin.js';
import { alertsRoutes } from './routes/alerts.js';
import { apiDescriptionRoutes } from './routes/api-description.js';
import { companionRoutes } from './routes/companion.js';
import { companionDevicesRoutes } from './routes/companion-devices.js';
import { exportControlRoutes } from './routes/exportcontrol.js';
import { gridMeterRoutes } from './routes/gridmeter.js';
import { historyRoutes } from './routes/history.js';

/**
 * The services the simulated gateway and the companion run alike over their source: the grid
 * meter, alerts, then export control (which reads the meter and raises alerts).
 */
export async function registerSharedAreaPlugins(
  app: FastifyInstance,
  exportControl: Partial<ExportControlPluginOptions> | undefined,
  now: () => number,
): Promise<void> {
  await app.register(gridMeterPlugin);
  await app.register(alertsPlugin);
  await registerExportControl(app, exportControl, now);
}

/**
 * HelioDTU's own API areas, answered the same by either gateway: history, the companion's
 * status and devices, alerts, the grid meter, export control and the API description.
 */
export async function registerSharedAreaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(historyRoutes);
  await app.register(companionRoutes);
  await app.register(companionDevicesRoutes);
  await app.register(alertsRoutes);
  await app.register(gridMeterRoutes);
  await app.register(exportControlRoutes);
  await app.register(apiDescriptionRoutes);
}
