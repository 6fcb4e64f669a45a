import type { FastifyInstance } from 'fastify';
import type { ExportControlPort } from '../export-control/export-control-port.js';
import type { GridMeterPort } from '../grid-meter/grid-meter-port.js';

/**
 * The grid meter and export control as the history, MQTT and the metrics reach them (issue 35):
 * each is a decoration of its own plugin, looked up when the app is ready, so these consumers
 * work (without them) on a gateway built before or without either.
 */

export function gridMeterOf(app: FastifyInstance): GridMeterPort | null {
  return app.hasDecorator('gridMeter')
    ? ((app as unknown as { gridMeter?: GridMeterPort }).gridMeter ?? null)
    : null;
}

export function exportControlOf(app: FastifyInstance): ExportControlPort | null {
  return app.hasDecorator('exportControl')
    ? ((app as unknown as { exportControl?: ExportControlPort }).exportControl ?? null)
    : null;
}
