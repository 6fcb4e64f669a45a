import { durationParts } from '@heliodtu/contract/domain/memory';

/** Uptime split for display as days plus hh:mm:ss (spec §9; 93784 s → 1 day, "02:03:04"). */
export function uptimeParts(totalSeconds: number): { days: number; time: string } {
  const { days, hours, minutes, seconds } = durationParts(totalSeconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return { days, time: `${two(hours)}:${two(minutes)}:${two(seconds)}` };
}

/**
 * The uptime now: the answer's value plus the whole seconds since it arrived, so the display
 * ticks without asking the gateway again (spec §4: clocks tick every second).
 */
export function currentUptime(uptime: number, receivedAt: number, now: number): number {
  return uptime + Math.max(0, Math.floor((now - receivedAt) / 1000));
}
