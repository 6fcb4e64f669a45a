import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { syslogSettings } from '@heliodtu/contract/config-file';
import type { ApiResult } from '@heliodtu/contract/envelope';
import {
  NetworkConfigRequestSchema,
  NetworkConfigRequestSchemaV26,
  type NetworkConfig,
  type NetworkConfigDataV26,
  type NetworkStatus,
} from '@heliodtu/contract/network';
import { networkConfigProblem, normalizeIpv4 } from '@heliodtu/contract/rules/network-rules';
import { ApiFailure } from '../plugins/api-failure.js';
import { uptimeSeconds } from '../system/boot-record.js';
import { readNetworkStatus } from '../system/network-status.js';

/** /api/network: status and Wi-Fi / IP / AP / mDNS settings, wire-contract §4.8. */
export const networkRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/network/status',
    { preHandler: app.requireReadonly },
    async (): Promise<NetworkStatus> =>
      readNetworkStatus({
        config: app.store.config,
        chipId: app.system.chipId,
        uptimeSeconds: uptimeSeconds(app.system.bootedAt),
      }),
  );

  // API names differ from config.json's: ipaddress ↔ wifi.ip, mdnsenabled ↔ mdns.enabled.
  app.get(
    '/api/network/config',
    { preHandler: app.requireAdmin },
    async (): Promise<NetworkConfig> => {
      const { wifi, mdns } = app.store.config;
      const syslog = syslogSettings(app.store.config);
      const config: NetworkConfig = {
        hostname: wifi.hostname,
        dhcp: wifi.dhcp,
        ipaddress: wifi.ip,
        netmask: wifi.netmask,
        gateway: wifi.gateway,
        dns1: wifi.dns1,
        dns2: wifi.dns2,
        ssid: wifi.ssid,
        password: wifi.password,
        aptimeout: wifi.aptimeout,
        mdnsenabled: mdns.enabled,
      };
      if (app.system.firmware !== 'v26') return config;
      return {
        ...config,
        syslogenabled: syslog.enabled,
        sysloghostname: syslog.hostname,
        syslogport: syslog.port,
      };
    },
  );

  app.post('/api/network/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data =
      app.system.firmware === 'v26'
        ? withStoredSyslog(
            await request.readData(NetworkConfigRequestSchemaV26),
            syslogSettings(app.store.config),
          )
        : await request.readData(NetworkConfigRequestSchema);
    const problem = networkConfigProblem(data);
    if (problem && 'code' in problem) throw new ApiFailure(problem.code, problem.param);
    if (problem) {
      // One of the three answers the device sends without a code (wire-contract §4.8).
      const warning: ApiResult = { type: 'warning', message: problem.message };
      return reply.send(warning);
    }
    const saved = await app.store.update((draft) => {
      draft.wifi.ssid = data.ssid;
      draft.wifi.password = data.password;
      draft.wifi.hostname = data.hostname;
      draft.wifi.dhcp = data.dhcp;
      draft.wifi.ip = normalizeIpv4(data.ipaddress);
      draft.wifi.netmask = normalizeIpv4(data.netmask);
      draft.wifi.gateway = normalizeIpv4(data.gateway);
      draft.wifi.dns1 = normalizeIpv4(data.dns1);
      draft.wifi.dns2 = normalizeIpv4(data.dns2);
      draft.wifi.aptimeout = data.aptimeout;
      draft.mdns.enabled = data.mdnsenabled;
      if (isV26Data(data)) {
        draft.syslog = {
          enabled: data.syslogenabled,
          hostname: data.sysloghostname,
          port: data.syslogport,
        };
      }
    });
    if (!saved) return reply.result(ApiCode.GenericWriteFailed);
    app.consoleLog.write('Network settings saved', { tag: 'network' });
    return reply.result(ApiCode.GenericSuccess);
  });
};

/** Current firmware's syslog fields: one the request leaves out keeps its stored value. */
function withStoredSyslog(
  sent: NetworkConfigDataV26,
  stored: { enabled: boolean; hostname: string; port: number },
): NetworkDataWithSyslog {
  return {
    ...sent,
    syslogenabled: sent.syslogenabled ?? stored.enabled,
    sysloghostname: sent.sysloghostname ?? stored.hostname,
    syslogport: sent.syslogport ?? stored.port,
  };
}

const isV26Data = (data: object): data is NetworkDataWithSyslog => 'syslogenabled' in data;

type NetworkDataWithSyslog = NetworkConfigDataV26 & {
  syslogenabled: boolean;
  sysloghostname: string;
  syslogport: number;
};
