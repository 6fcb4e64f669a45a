import type { FastifyPluginAsync } from 'fastify';
import { COMPANION_STATUS_PATH, type CompanionStatus } from '@heliodtu/contract/companion';
import type { DeviceCompanion } from '../device/relay/companion.js';

/** What the interface may know of one device: never its credentials. */
function deviceStatus(companion: DeviceCompanion): CompanionStatus['devices'][number] {
  const probed = companion.probed;
  const awaySince = companion.link.awaySince;
  const connectedSince = companion.link.connectedSince;
  const inverters = companion.live.inverterSerials().length;
  return {
    id: companion.id,
    url: companion.target.baseUrl,
    git_hash: probed?.ok ? probed.gitHash : null,
    reachable: companion.link.state === 'connected',
    unreachable_since: awaySince === undefined ? null : Math.floor(awaySince / 1000),
    problem: companion.problem,
    name: companion.id,
    origin: 'env',
    connected_since: connectedSince === undefined ? null : Math.floor(connectedSince / 1000),
    inverter_count: inverters > 0 ? inverters : null,
  };
}

/**
 * GET /api/companion/status (issue 24, a HelioDTU extension), readable like live data. The
 * simulated gateway says it is none, so that the interface shows nothing new there.
 */
export const companionRoutes: FastifyPluginAsync = async (app) => {
  app.get(COMPANION_STATUS_PATH, { preHandler: app.requireReadonly }, async () => {
    const companion = app.companion;
    const status: CompanionStatus = companion
      ? { companion: true, devices: [deviceStatus(companion)] }
      : { companion: false, devices: [] };
    return status;
  });
};
