/** RSSI reported before any packet was received, inverter-domain §6 / §7.5. */
export const RSSI_NO_RECEPTION = -127;
/** NRF24 chips only know "above −64 dBm": the library reports −30 or −80, inverter-domain §6. */
export const NRF_RSSI_STRONG = -30;
export const NRF_RSSI_WEAK = -80;
export const NRF_RSSI_THRESHOLD = -64;
/** Signal quality ends: 0 % at or below −100 dBm, 100 % at or above −50 dBm, spec §9. */
export const RSSI_QUALITY_FLOOR = -100;
export const RSSI_QUALITY_CEILING = -50;

/** True once a packet was received (rssi is not the −127 placeholder), inverter-domain §6. */
export function hasReception(rssi: number): boolean {
  return Number.isFinite(rssi) && rssi > RSSI_NO_RECEPTION;
}

/** Signal quality in percent: ≤ −100 → 0, ≥ −50 → 100, else 2·(rssi + 100), spec §9. */
export function signalQualityPercent(rssi: number): number {
  if (!Number.isFinite(rssi) || rssi <= RSSI_QUALITY_FLOOR) return 0;
  if (rssi >= RSSI_QUALITY_CEILING) return 100;
  return 2 * (rssi - RSSI_QUALITY_FLOOR);
}

/** What an NRF24 (HM/HERF) inverter reports for a received power in dBm, inverter-domain §6. */
export function nrfReportedRssi(dbm: number): number {
  return dbm > NRF_RSSI_THRESHOLD ? NRF_RSSI_STRONG : NRF_RSSI_WEAK;
}
