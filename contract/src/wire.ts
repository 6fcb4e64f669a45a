import { z } from 'zod';

// Kept free of zod so the web can run the rules that use them (bundle); re-exported here.
export { formatSerialHex, parseSerialHex } from './domain/serial-hex.js';

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
