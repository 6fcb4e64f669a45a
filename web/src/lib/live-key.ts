/**
 * What the live view keys an inverter by: its serial, or `<device>/<serial>` when it carries a
 * device (issue 27), so the same serial on two devices stays two inverters, never merged.
 * Serials are hex and device ids have no slash, so the two forms never meet.
 */
export const liveKeyOf = (inverter: { serial: string; dtu?: string | null | undefined }): string =>
  typeof inverter.dtu === 'string' && inverter.dtu !== ''
    ? `${inverter.dtu}/${inverter.serial}`
    : inverter.serial;

/** The serial in a live key (liveKeyOf). */
export const serialOfLiveKey = (liveKey: string): string => liveKey.slice(liveKey.indexOf('/') + 1);
