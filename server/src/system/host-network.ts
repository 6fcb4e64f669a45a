import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { isValidIpv4 } from '@heliodtu/contract/network';

export interface HostInterface {
  ip: string;
  netmask: string;
  /** Null when the host reports no hardware address (loopback, some containers). */
  mac: string | null;
}

const NO_MAC = '00:00:00:00:00:00';

/** The host's first external IPv4 interface; loopback when it has none. */
export function primaryInterface(): HostInterface {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) {
        return {
          ip: address.address,
          netmask: address.netmask,
          mac: address.mac === NO_MAC ? null : address.mac.toUpperCase(),
        };
      }
    }
  }
  return { ip: '127.0.0.1', netmask: '255.0.0.0', mac: null };
}

/** The host's default IPv4 gateway from /proc/net/route (Linux); null where unreadable. */
export async function hostGateway(): Promise<string | null> {
  const table = await readFile('/proc/net/route', 'utf8').catch(() => '');
  for (const line of table.split('\n').slice(1)) {
    const [, destination, gateway] = line.trim().split(/\s+/);
    if (destination !== '00000000' || !gateway || !/^[0-9A-Fa-f]{8}$/.test(gateway)) continue;
    // The kernel prints the address as a little-endian 32-bit word.
    const value = Number.parseInt(gateway, 16);
    return [0, 8, 16, 24].map((shift) => (value >>> shift) & 0xff).join('.');
  }
  return null;
}

/** The host's IPv4 name servers from /etc/resolv.conf, in order; empty where unreadable. */
export async function hostDnsServers(): Promise<string[]> {
  const text = await readFile('/etc/resolv.conf', 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => /^\s*nameserver\s+(\S+)/.exec(line)?.[1])
    .filter((ip): ip is string => ip !== undefined && isValidIpv4(ip));
}

const hex = (byte: number) => byte.toString(16).toUpperCase().padStart(2, '0');
const formatMac = (bytes: number[]) => bytes.map(hex).join(':');

/**
 * The simulated ESP32's own MAC: an Espressif prefix and the chip id. The AP interface
 * uses the station MAC + 1, as the ESP32 derives it.
 */
export function deviceMac(chipId: number, offset = 0): string {
  const low = (chipId + offset) & 0xffffff;
  return formatMac([0x24, 0x0a, 0xc4, (low >> 16) & 0xff, (low >> 8) & 0xff, low & 0xff]);
}

/** A stable access-point BSSID for the chip id: a unicast MAC that never changes for it. */
export function stationBssid(chipId: number): string {
  const digest = createHash('sha256').update(`bssid:${chipId}`).digest();
  const bytes = [...digest.subarray(0, 6)];
  bytes[0] = (bytes[0] ?? 0) & 0xfc; // unicast, globally administered
  return formatMac(bytes);
}
