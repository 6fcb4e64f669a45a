import path from 'node:path';
import { RESET_REASONS } from '@heliodtu/contract/system';

// Data dirs booted in this process. The first boot of a process is a power-on; every later
// boot on the same data dir is a reboot of the running gateway (main.ts, tests' reboot()).
const booted = new Set<string>();

/** Note a boot of the gateway on `dataDir` and return the reset reason it reports (wire-contract §4.11). */
export function recordBoot(dataDir: string): string {
  const key = path.resolve(dataDir);
  if (booted.has(key)) return RESET_REASONS.software;
  booted.add(key);
  return RESET_REASONS.powerOn;
}

/** Whole seconds since this boot began (`uptime`, wire-contract §4.11). */
export function uptimeSeconds(bootedAt: number, now = Date.now()): number {
  return Math.max(0, Math.floor((now - bootedAt) / 1000));
}
