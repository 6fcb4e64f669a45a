import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { RebootRequestSchema } from '@heliodtu/contract/maintenance';

/** POST /api/maintenance/reboot, wire-contract §4.14. */
export const maintenanceRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/maintenance/reboot', { preHandler: app.requireAdmin }, async (request, reply) => {
    const { reboot } = await request.readData(RebootRequestSchema);
    if (!reboot) return reply.result(ApiCode.MaintenanceRebootCancled);
    app.system.restart('Reboot requested');
    return reply.result(ApiCode.MaintenanceRebootTriggered);
  });
};
