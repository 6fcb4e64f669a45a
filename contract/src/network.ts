import { z } from 'zod';
import { ApiResultSchema } from './envelope.js';
import { wire } from './wire.js';

/** The admin access point's address while it is up, wire-contract §6.1. */
export const AP_IP = '192.168.4.1';
/** AP SSID prefix; the chip id follows in decimal, wire-contract §6.1. */
export const AP_SSID_PREFIX = 'OpenDTU-';
export const NETWORK_MODES = ['Station', 'Ethernet'] as const;

/**
 * The three network answers the device sends without a `code` (wire-contract §4.8): the
 * envelope is `{type:'warning', message}`, so clients can only tell them apart by text.
 */
export const NETWORK_WARNINGS = {
  hostname: 'Hostname must between 1 and 31 characters long!',
  ssid: 'SSID must between 1 and 32 characters long!',
  password: 'Password must not be longer than 64 characters long!',
} as const;

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

/** POST /api/network/config answer: coded (1001, 1005, 1006, 8001..8006) or one of NETWORK_WARNINGS. */
export const NetworkConfigResponseSchema = ApiResultSchema;
export type NetworkConfigResponse = z.infer<typeof NetworkConfigResponseSchema>;

const OCTET = /^\d{1,3}$/;

/** Octets of a dotted-quad IPv4 address, or null when it is none (the device's IP check, wire-contract §4.8). */
export function parseIpv4(text: string): [number, number, number, number] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (OCTET.test(part) ? Number(part) : NaN));
  if (octets.some((octet) => !(octet >= 0 && octet <= 255))) return null;
  return octets as [number, number, number, number];
}

/** True for a dotted-quad IPv4 address such as "192.168.1.10", wire-contract §4.8. */
export function isValidIpv4(text: string): boolean {
  return parseIpv4(text) !== null;
}
