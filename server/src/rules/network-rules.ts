import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import {
  AP_TIMEOUT,
  HOSTNAME_MAX,
  WIFI_PASSWORD_MAX,
  WIFI_SSID_MAX,
} from '@heliodtu/contract/limits';
import { NETWORK_WARNINGS, parseIpv4, type NetworkConfigData } from '@heliodtu/contract/network';

/** A failed network rule: a result code, or one of the device's three code-less warnings. */
export type NetworkProblem = { code: ApiCodeValue } | { message: string };

const IP_FIELDS = [
  ['ipaddress', ApiCode.NetworkIpInvalid],
  ['netmask', ApiCode.NetworkNetmaskInvalid],
  ['gateway', ApiCode.NetworkGatewayInvalid],
  ['dns1', ApiCode.NetworkDns1Invalid],
  ['dns2', ApiCode.NetworkDns2Invalid],
] as const;

// Lengths are bytes: the device keeps these as C strings, and an SSID is 32 bytes by 802.11.
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The checks of POST /api/network/config after the kind checks, in the device's order
 * (wire-contract §4.8). IP fields are checked even with DHCP on. An empty SSID is allowed:
 * the simulated device then runs its admin AP instead of joining a network.
 */
export function networkConfigProblem(data: NetworkConfigData): NetworkProblem | null {
  for (const [field, code] of IP_FIELDS) {
    if (parseIpv4(data[field]) === null) return { code };
  }
  const hostname = bytes(data.hostname);
  if (hostname < 1 || hostname > HOSTNAME_MAX) return { message: NETWORK_WARNINGS.hostname };
  if (bytes(data.ssid) > WIFI_SSID_MAX) return { message: NETWORK_WARNINGS.ssid };
  if (bytes(data.password) > WIFI_PASSWORD_MAX) return { message: NETWORK_WARNINGS.password };
  if (data.aptimeout > AP_TIMEOUT.max) return { code: ApiCode.NetworkApTimeoutInvalid };
  return null;
}

/** An IPv4 address as the device stores it: four octets, printed without leading zeros. */
export function normalizeIpv4(text: string): string {
  return parseIpv4(text)?.join('.') ?? '0.0.0.0';
}
