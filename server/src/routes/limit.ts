import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { LimitConfigRequestSchema, type LimitStatus } from '@heliodtu/contract/limit';
import { checkLimitConfig } from '@heliodtu/contract/rules/limit-rules';
import { formatSerialHex, parseSerialHex } from '@heliodtu/contract/domain/serial-hex';
import { SIMULATED_DEVICE_ID } from '../device/device-id.js';

/** GET /api/limit/status and POST /api/limit/config, wire-contract §4.4. */
export const limitRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/limit/status',
    { preHandler: app.requireReadonly },
    async (): Promise<LimitStatus> => app.device.limitStatus(),
  );

  app.post('/api/limit/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(LimitConfigRequestSchema);
    // Each generation accepts only its own limit_type values (the other's persistent ones are 5003).
    const check = checkLimitConfig(data, app.system.firmware);
    if (!check.ok) return reply.result(check.code, check.param);
    // The same command path MQTT uses; disabled commands are dropped but still a success.
    const result = app.device.setLimit(data.serial, data.limit_value, check.kind);
    if (!result.ok) return reply.result(ApiCode.LimitInvalidInverter);
    // The owner's limit wins: export control leaves that inverter alone for a while (issue 35).
    if (result.queued) {
      const serial = formatSerialHex(parseSerialHex(data.serial));
      app.exportControl?.manualLimit(SIMULATED_DEVICE_ID, serial);
    }
    return reply.result(ApiCode.GenericSuccess);
  });
};
