import type { ConfigFile } from '@heliodtu/contract/config-file';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { AP_IP, AP_SSID_PREFIX, type NetworkStatus } from '@heliodtu/contract/network';
import {
  deviceMac,
  hostDnsServers,
  hostGateway,
  primaryInterface,
  stationBssid,
} from './host-network.js';

export interface NetworkStatusInput {
  config: Readonly<ConfigFile>;
  chipId: number;
  uptimeSeconds: number;
}

/**
 * The simulated device sits in Station mode on the host's network (wire-contract §4.8): its
 * address, netmask, gateway and name servers are the host's where the host has them. The
 * admin AP runs only while no SSID is configured.
 */
export async function readNetworkStatus({
  config,
  chipId,
  uptimeSeconds,
}: NetworkStatusInput): Promise<NetworkStatus> {
  const host = primaryInterface();
  const [gateway, dns] = await Promise.all([hostGateway(), hostDnsServers()]);
  const staticConfig = !config.wifi.dhcp;
  const apActive = config.wifi.ssid === '';
  return {
    sta_status: true,
    sta_ssid: config.wifi.ssid,
    sta_bssid: stationBssid(chipId),
    sta_rssi: stationRssi(chipId, uptimeSeconds),
    network_hostname: resolveHostname(config.wifi.hostname, chipId),
    network_ip: host.ip,
    network_netmask: host.netmask,
    network_gateway: gateway ?? (staticConfig ? config.wifi.gateway : '0.0.0.0'),
    network_dns1: dns[0] ?? (staticConfig ? config.wifi.dns1 : '0.0.0.0'),
    network_dns2: dns[1] ?? (staticConfig ? config.wifi.dns2 : '0.0.0.0'),
    network_mac: host.mac ?? deviceMac(chipId),
    network_mode: 'Station',
    ap_status: apActive,
    ap_ssid: `${AP_SSID_PREFIX}${chipId}`,
    ap_ip: apActive ? AP_IP : '0.0.0.0',
    ap_mac: deviceMac(chipId, 1),
    ap_stationnum: 0,
  };
}

/** Signal strength between -52 and -68 dBm: a per-chip level with a slow drift. */
export function stationRssi(chipId: number, uptimeSeconds: number): number {
  const level = -(55 + (chipId % 11));
  return level + Math.round(3 * Math.sin(uptimeSeconds / 37));
}
