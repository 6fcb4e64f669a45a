import type { SystemStatus } from '@heliodtu/contract/system';

export type ChipState = 'connected' | 'not-connected' | 'not-configured';
export type NrfVariant = 'plus' | 'plain' | 'unknown';

/** A chip counts as connected or not only when its pins are configured, spec §4 "Radio info". */
export function chipState(configured: boolean, connected: boolean): ChipState {
  if (!configured) return 'not-configured';
  return connected ? 'connected' : 'not-connected';
}

/** The nRF24 variant: known only while the chip answers, spec §4. */
export function nrfVariant(
  status: Pick<SystemStatus, 'nrf_connected' | 'nrf_pvariant'>,
): NrfVariant {
  if (!status.nrf_connected) return 'unknown';
  return status.nrf_pvariant ? 'plus' : 'plain';
}
