import { z } from 'zod';

/**
 * Kind checks of POST fields, wire-contract §1.1: strings must be JSON strings, bools JSON
 * booleans, integers JSON integers within their C type range. A failed kind check is 1005.
 */
const intRange = (min: number, max: number) => z.number().int().min(min).max(max);

export const wire = {
  string: () => z.string(),
  bool: () => z.boolean(),
  number: () => z.number(),
  uint8: () => intRange(0, 0xff),
  int8: () => intRange(-0x80, 0x7f),
  uint16: () => intRange(0, 0xffff),
  uint32: () => intRange(0, 0xffffffff),
  int32: () => intRange(-0x80000000, 0x7fffffff),
};

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
