import { ApiCode, ApiCodeV26, type ApiCodeValue } from '../codes.js';
import {
  AP_TIMEOUT,
  HOSTNAME_MAX,
  SYSLOG_HOSTNAME_MAX,
  SYSLOG_PORT,
  WIFI_PASSWORD_MAX,
  WIFI_SSID_MAX,
} from '../limits.js';
import { NETWORK_WARNINGS, parseIpv4 } from '../domain/ipv4.js';
import type { NetworkConfigData, NetworkConfigDataV26 } from '../network.js';
import type { ApiParam } from '../envelope.js';
import type { FieldProblem } from './field-problem.js';
import { utf8Length } from './utf8-length.js';

/** A failed network rule: a result code, or one of the device's three code-less warnings. */
export type NetworkProblem = { code: ApiCodeValue; param?: ApiParam } | { message: string };

const IP_FIELDS = [
  ['ipaddress', ApiCode.NetworkIpInvalid],
  ['netmask', ApiCode.NetworkNetmaskInvalid],
  ['gateway', ApiCode.NetworkGatewayInvalid],
  ['dns1', ApiCode.NetworkDns1Invalid],
  ['dns2', ApiCode.NetworkDns2Invalid],
] as const;

/**
 * Every failing check of POST /api/network/config after the kind checks, in the device's order
 * (wire-contract §4.8). IP fields are checked even with DHCP on. An empty SSID is allowed: the
 * simulated device then runs its admin AP instead of joining a network. Lengths are UTF-8 bytes
 * (C strings; an SSID is 32 bytes by 802.11). The hostname, SSID and password warnings carry no
 * code on the wire: they come with the device's message and 1005 as their code.
 */
export function networkConfigProblems(
  data: NetworkConfigData | NetworkConfigDataV26,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, code] of IP_FIELDS) {
    if (parseIpv4(data[field]) === null) problems.push({ field, code });
  }
  const warn = (field: keyof typeof NETWORK_WARNINGS, limit: { min?: number; max: number }) =>
    problems.push({
      field,
      code: ApiCode.GenericValueMissing,
      limit,
      message: NETWORK_WARNINGS[field],
    });
  const hostname = utf8Length(data.hostname);
  if (hostname < 1 || hostname > HOSTNAME_MAX) warn('hostname', { min: 1, max: HOSTNAME_MAX });
  if (utf8Length(data.ssid) > WIFI_SSID_MAX) warn('ssid', { max: WIFI_SSID_MAX });
  if (utf8Length(data.password) > WIFI_PASSWORD_MAX) warn('password', { max: WIFI_PASSWORD_MAX });
  if (data.aptimeout > AP_TIMEOUT.max) {
    problems.push({ field: 'aptimeout', code: ApiCode.NetworkApTimeoutInvalid });
  }
  if ('syslogenabled' in data) problems.push(...syslogProblems(data));
  return problems;
}

/**
 * Current firmware's syslog checks (wire-current §3), after the reference's: the server name
 * 1..128 characters while syslog is enabled (8007), the port 1..65535 (8008). Only the fields
 * sent are checked.
 */
export function syslogProblems(
  data: Pick<NetworkConfigDataV26, 'syslogenabled' | 'sysloghostname' | 'syslogport'>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const host = data.sysloghostname;
  if (
    data.syslogenabled &&
    (host === undefined || host.length < 1 || host.length > SYSLOG_HOSTNAME_MAX)
  ) {
    const param = { max: SYSLOG_HOSTNAME_MAX };
    problems.push({ field: 'sysloghostname', code: ApiCodeV26.NetworkSyslogHostnameLength, param });
  }
  const port = data.syslogport;
  if (port !== undefined && (port < SYSLOG_PORT.min || port > SYSLOG_PORT.max)) {
    problems.push({ field: 'syslogport', code: ApiCodeV26.NetworkSyslogPort });
  }
  return problems;
}

/** The first problem as the device answers it: its code, or its code-less warning. */
export function networkConfigProblem(
  data: NetworkConfigData | NetworkConfigDataV26,
): NetworkProblem | null {
  const [first] = networkConfigProblems(data);
  if (!first) return null;
  if (first.message !== undefined) return { message: first.message };
  return first.param ? { code: first.code, param: first.param } : { code: first.code };
}

/** An IPv4 address as the device stores it: four octets, printed without leading zeros. */
export function normalizeIpv4(text: string): string {
  return parseIpv4(text)?.join('.') ?? '0.0.0.0';
}
