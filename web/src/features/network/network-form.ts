import { AP_TIMEOUT, SYSLOG_PORT } from '@heliodtu/contract/limits';
import type {
  NetworkConfig,
  NetworkConfigData,
  NetworkConfigDataV26,
} from '@heliodtu/contract/network';
import { networkConfigProblems, normalizeIpv4 } from '@heliodtu/contract/rules/network-rules';
import type { FieldMessage } from '@/components/form/field-message';

/** The static IP inputs, hidden while DHCP is on (spec §4). */
export const STATIC_IP_FIELDS = ['ipaddress', 'netmask', 'gateway', 'dns1', 'dns2'] as const;

/** Fields top to bottom as the page shows them, so Save focuses the topmost wrong one. */
const PAGE_ORDER: readonly string[] = [
  'ssid',
  'password',
  'hostname',
  ...STATIC_IP_FIELDS,
  'aptimeout',
  'sysloghostname',
  'syslogport',
];
const rank = (field: string) => PAGE_ORDER.indexOf(field);

/**
 * Whether the device has syslog settings: only current firmware (v26) sends them with its
 * network config (wire-current §3), so the answer itself tells, without asking the version.
 */
export function hasSyslog(config: NetworkConfig): boolean {
  return typeof config.syslogenabled === 'boolean';
}

/**
 * The posted object in the wire order of wire-contract §4.8, with current firmware's syslog
 * fields where the device sent them (never to a v24 device). The gateway checks the IP fields
 * even with DHCP on; the user cannot see them then, so an address left half-typed before
 * switching DHCP on goes out as the device's "unset" 0.0.0.0 instead of blocking the save with
 * a hidden error.
 */
export function toNetworkRequest(values: NetworkConfig): NetworkConfigData | NetworkConfigDataV26 {
  const ip = (text: string) => (values.dhcp ? normalizeIpv4(text) : text);
  const base: NetworkConfigData = {
    ssid: values.ssid,
    password: values.password,
    hostname: values.hostname,
    dhcp: values.dhcp,
    ipaddress: ip(values.ipaddress),
    netmask: ip(values.netmask),
    gateway: ip(values.gateway),
    dns1: ip(values.dns1),
    dns2: ip(values.dns2),
    aptimeout: Number.isInteger(values.aptimeout) ? values.aptimeout : 0,
    mdnsenabled: values.mdnsenabled,
  };
  if (!hasSyslog(values)) return base;
  return {
    ...base,
    syslogenabled: values.syslogenabled === true,
    sysloghostname: values.sysloghostname ?? '',
    // A cleared or fractional port is caught by validateNetwork before anything is sent.
    syslogport: values.syslogport ?? SYSLOG_PORT.min,
  };
}

/** The syslog port as a whole number in range; the shared rule cannot see an empty input. */
function syslogPortProblem(values: NetworkConfig): FieldMessage | undefined {
  if (!hasSyslog(values)) return undefined;
  const port = values.syslogport;
  if (port === undefined || Number.isNaN(port))
    return { field: 'syslogport', key: 'validation.Required' };
  if (!Number.isInteger(port)) return { field: 'syslogport', key: 'validation.Integer' };
  return undefined;
}

function apTimeoutProblem({ aptimeout }: NetworkConfig): FieldMessage | undefined {
  if (Number.isNaN(aptimeout)) return { field: 'aptimeout', key: 'validation.Required' };
  if (!Number.isInteger(aptimeout)) return { field: 'aptimeout', key: 'validation.Integer' };
  // The shared rule has no lower bound: a negative number would fail the wire's kind check.
  if (aptimeout < AP_TIMEOUT.min || aptimeout > AP_TIMEOUT.max) {
    return { field: 'aptimeout', key: 'validation.Range', params: AP_TIMEOUT };
  }
  return undefined;
}

/**
 * The device sends its hostname, SSID and password refusals without a code (wire-contract §4.8),
 * so the rules hand over the failed bound: shown as a length, not as the English warning.
 */
function lengthMessage(problem: FieldMessage): FieldMessage {
  if ('key' in problem || problem.message === undefined || !problem.limit) return problem;
  const { min, max } = problem.limit;
  return min !== undefined && max !== undefined
    ? { field: problem.field, key: 'validation.LengthRange', params: { min, max } }
    : { field: problem.field, key: 'validation.MaxLength', params: { max: max ?? 0 } };
}

/**
 * Spec §5 through the gateway's own rules (contract/rules/network-rules): each IP field must be
 * a dotted IPv4 address while DHCP is off (see toNetworkRequest), the lengths as the device counts them, and the AP
 * timeout 0 to 99999 minutes (a missing number reported instead of the rule it would trip); on
 * current firmware the syslog server 1..128 characters while enabled and the port 1..65535.
 */
export function validateNetwork(values: NetworkConfig): FieldMessage[] {
  const own = [apTimeoutProblem(values), syslogPortProblem(values)].filter(
    (problem): problem is FieldMessage => problem !== undefined,
  );
  const ownFields = new Set(own.map((problem) => problem.field));
  const shared = networkConfigProblems(toNetworkRequest(values))
    .filter((problem) => !ownFields.has(problem.field))
    .map(lengthMessage);
  return [...own, ...shared].sort((a, b) => rank(a.field) - rank(b.field));
}
