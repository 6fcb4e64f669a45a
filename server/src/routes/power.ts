import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import {
  PowerConfigRequestSchema,
  powerActionOf,
  type PowerStatus,
} from '@heliodtu/contract/power';
import { parseSerialHex } from '@heliodtu/contract/wire';

/** GET /api/power/status and POST /api/power/config, wire-contract §4.4. */
export const powerRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/power/status',
    { preHandler: app.requireReadonly },
    async (): Promise<PowerStatus> => app.device.powerStatus(),
  );

  app.post('/api/power/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(PowerConfigRequestSchema);
    if (parseSerialHex(data.serial) === 0n) return reply.result(ApiCode.PowerSerialZero);
    const action = powerActionOf(data);
    const device = app.device;
    const result =
      action === 'on' || action === 'off'
        ? device.setPower(data.serial, action === 'on')
        : action === 'restart'
          ? device.restart(data.serial)
          : { ok: device.inverterState(data.serial) !== null };
    if (!result.ok) return reply.result(ApiCode.PowerInvalidInverter);
    return reply.result(ApiCode.GenericSuccess);
  });
};
