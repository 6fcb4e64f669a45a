import type { LiveInverterPartial } from '@heliodtu/contract/live-data';

/** What the header colour and the pill icon show, spec §2 / §4. */
export type InverterState = 'disabled' | 'unreachable' | 'idle' | 'producing';

/** Poll disabled, else unreachable, else reachable but not producing, else producing (spec §4). */
export function inverterStateOf(
  inverter: Pick<LiveInverterPartial, 'poll_enabled' | 'reachable' | 'producing'>,
): InverterState {
  if (!inverter.poll_enabled) return 'disabled';
  if (!inverter.reachable) return 'unreachable';
  return inverter.producing ? 'producing' : 'idle';
}

/**
 * Header colours of spec §4: tertiary, red, yellow, blue. Literal class names, so PurgeCSS
 * keeps them (vite.config.ts).
 */
export const HEADER_CLASS: Record<InverterState, string> = {
  disabled: 'bg-body-tertiary',
  unreachable: 'text-bg-danger',
  idle: 'text-bg-warning',
  producing: 'text-bg-primary',
};
