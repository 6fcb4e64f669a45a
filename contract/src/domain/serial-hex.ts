/** A serial on the wire: hex digits as a string, value 0 when absent or unparsable (wire-contract §1.1). */
export function parseSerialHex(text: string | undefined | null): bigint {
  if (typeof text !== 'string') return 0n;
  const trimmed = text.trim();
  const match = /^(?:0x)?([0-9a-fA-F]{1,16})/.exec(trimmed);
  if (!match?.[1]) return 0n;
  return BigInt('0x' + match[1]);
}

/** Serial as the device prints it: lowercase hex without leading zeros. */
export function formatSerialHex(serial: bigint | number): string {
  return BigInt(serial).toString(16);
}

/** The largest serial: 12 hex digits (48 bits). */
export const INVERTER_SERIAL_MAX = 0xffff_ffff_ffffn;
