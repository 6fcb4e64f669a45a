import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { FIRMWARE_GZ_MAX_BYTES, FIRMWARE_MAX_BYTES } from '@heliodtu/contract/limits';
import { receiveFirmware, type UploadPart } from '../firmware/firmware-upload.js';
import { FIRMWARE_ERRORS } from '../firmware/image-check.js';
import { STATE_DIR } from '../store/chip-id.js';

/** Final firmware answers carry these, as the device's do (wire-contract §4.13). */
function firmwareAnswer(reply: FastifyReply, status: 200 | 500, text: string): FastifyReply {
  return reply
    .code(status)
    .header('Connection', 'close')
    .header('Access-Control-Allow-Origin', '*')
    .type('text/plain; charset=utf-8')
    .send(text);
}

// Busboy truncates the file part beyond this; the image check applies the per-kind limit.
const PART_LIMITS = {
  fieldSize: 1024,
  fields: 10,
  files: 1,
  parts: 20,
  fileSize: Math.max(FIRMWARE_MAX_BYTES, FIRMWARE_GZ_MAX_BYTES),
};

/**
 * POST /api/firmware/update, wire-contract §4.13. Unlike the device, a refused image says why
 * (500 with the reason) and the gateway does not restart; only an accepted one restarts it.
 */
export const firmwareRoutes: FastifyPluginAsync = async (app) => {
  const stateDir = path.join(app.store.dataDir, STATE_DIR);

  app.post('/api/firmware/update', { preHandler: app.requireAdmin }, async (request, reply) => {
    if (!request.isMultipart()) return firmwareAnswer(reply, 500, FIRMWARE_ERRORS.notMultipart);
    const parts = request.parts({ limits: PART_LIMITS }) as AsyncIterable<UploadPart>;
    const outcome = await receiveFirmware(parts, stateDir);
    if (!outcome.ok) {
      app.consoleLog.write(`Firmware update refused: ${outcome.reason}`);
      return firmwareAnswer(reply, 500, outcome.reason);
    }
    app.consoleLog.write(`Firmware update: ${outcome.bytes} bytes written`);
    firmwareAnswer(reply, 200, 'OK');
    app.system.restart('Firmware update');
    return reply;
  });
};
