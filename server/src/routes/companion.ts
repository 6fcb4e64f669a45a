import type { FastifyPluginAsync } from 'fastify';
import {
  COMPANION_STATUS_PATH,
  type CompanionDevice,
  type CompanionStatus,
} from '@heliodtu/contract/companion';
import { isValidIpv4 } from '@heliodtu/contract/domain/ipv4';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { RegisteredDevice } from '../device/relay/device-registry.js';

/** What the interface may know of one device: never its credentials. */
function deviceStatus({ companion, name, origin }: RegisteredDevice): CompanionDevice {
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
    name,
    origin,
    connected_since: connectedSince === undefined ? null : Math.floor(connectedSince / 1000),
    inverter_count: inverters > 0 ? inverters : null,
    default_password: companion.live.deviceDefaultPassword,
    ...sourceOf(companion),
  };
}

/**
 * How the device is reached and, for one known by its topics, where its own web interface is:
 * the IP it publishes, only when it is a plain IPv4 address (a topic anyone on the broker may
 * write must not become a link to anywhere).
 */
function sourceOf(companion: DeviceCompanion): Pick<CompanionDevice, 'source' | 'web_url'> {
  if (!companion.mqtt) return { source: 'http' };
  const ip = companion.mqtt.tree.dtuField('ip')?.trim();
  return ip && isValidIpv4(ip) ? { source: 'mqtt', web_url: `http://${ip}/` } : { source: 'mqtt' };
}

/**
 * GET /api/companion/status (issue 24, a HelioDTU extension), readable like live data. The
 * simulated gateway says it is none, so that the interface shows nothing new there.
 */
export const companionRoutes: FastifyPluginAsync = async (app) => {
  app.get(COMPANION_STATUS_PATH, { preHandler: app.requireReadonly }, async () => {
    const registry = app.devices;
    const status: CompanionStatus = registry
      ? { companion: true, devices: registry.list().map(deviceStatus) }
      : { companion: false, devices: [] };
    return status;
  });
};
