import { z } from 'zod';
import { ApiResultSchema } from './envelope.js';
import { wire } from './wire.js';

// Zod-free, so the web's copy of the rules stays small; re-exported for existing imports.
export { isValidIpv4, NETWORK_WARNINGS, parseIpv4 } from './domain/ipv4.js';

/** The admin access point's address while it is up, wire-contract §6.1. */
export const AP_IP = '192.168.4.1';
/** AP SSID prefix; the chip id follows in decimal, wire-contract §6.1. */
export const AP_SSID_PREFIX = 'OpenDTU-';
export const NETWORK_MODES = ['Station', 'Ethernet'] as const;

//-- GET /api/network/status (wire-contract §4.8)

export const NetworkStatusSchema = z.object({
  sta_status: z.boolean(),
  sta_ssid: z.string(),
  sta_bssid: z.string(),
  sta_rssi: z.number().int(),
  network_hostname: z.string(),
  network_ip: z.string(),
  network_netmask: z.string(),
  network_gateway: z.string(),
  network_dns1: z.string(),
  network_dns2: z.string(),
  network_mac: z.string(),
  network_mode: z.enum(NETWORK_MODES),
  ap_status: z.boolean(),
  ap_ssid: z.string(),
  ap_ip: z.string(),
  ap_mac: z.string(),
  ap_stationnum: z.number().int(),
});
export type NetworkStatus = z.infer<typeof NetworkStatusSchema>;

//-- GET /api/network/config (wire-contract §4.8)

export const NetworkConfigSchema = z.object({
  /** The pattern as configured; may contain `%06X` (see domain/hostname.ts). */
  hostname: z.string(),
  dhcp: z.boolean(),
  ipaddress: z.string(),
  netmask: z.string(),
  gateway: z.string(),
  dns1: z.string(),
  dns2: z.string(),
  ssid: z.string(),
  password: z.string(),
  /** Minutes; 0 = the AP never times out. */
  aptimeout: z.number().int(),
  mdnsenabled: z.boolean(),
  /** v26.3.30 only: send the log to a syslog server. */
  syslogenabled: z.boolean().optional(),
  /** v26.3.30 only: the syslog server, 1..128 characters while enabled. */
  sysloghostname: z.string().optional(),
  /** v26.3.30 only: its UDP port, 1..65535. */
  syslogport: z.number().int().optional(),
});
export type NetworkConfig = z.infer<typeof NetworkConfigSchema>;

//-- POST /api/network/config (wire-contract §4.8)

/**
 * Kinds only (1005); the IPv4, length and range rules run afterwards on the server.
 * `mdnsenabled` may be missing (then false), as on the device.
 */
export const NetworkConfigRequestSchema = z.object({
  ssid: wire.string(),
  password: wire.string(),
  hostname: wire.string(),
  dhcp: wire.bool(),
  ipaddress: wire.string(),
  netmask: wire.string(),
  gateway: wire.string(),
  dns1: wire.string(),
  dns2: wire.string(),
  aptimeout: wire.uint32(),
  mdnsenabled: wire.bool().default(false),
});
export type NetworkConfigRequest = z.input<typeof NetworkConfigRequestSchema>;
export type NetworkConfigData = z.output<typeof NetworkConfigRequestSchema>;

/**
 * Current firmware (v26.3.30) also reads the syslog settings. A field left out keeps its stored
 * value (the simulator's choice: a client that knows only the reference's fields changes nothing
 * of syslog); a field of the wrong kind is 1005. The port is read as uint32 so that 70000 gets its
 * own code (8008) rather than 1005.
 */
export const NetworkConfigRequestSchemaV26 = NetworkConfigRequestSchema.extend({
  syslogenabled: wire.bool().optional(),
  sysloghostname: wire.string().optional(),
  syslogport: wire.uint32().optional(),
});
export type NetworkConfigRequestV26 = z.input<typeof NetworkConfigRequestSchemaV26>;
export type NetworkConfigDataV26 = z.output<typeof NetworkConfigRequestSchemaV26>;

/** POST /api/network/config answer: coded (1001, 1005, 1006, 8001..8006, v26 8007/8008) or one of NETWORK_WARNINGS. */
export const NetworkConfigResponseSchema = ApiResultSchema;
export type NetworkConfigResponse = z.infer<typeof NetworkConfigResponseSchema>;
