import { z } from 'zod';

/** GET /api/gridprofile/status and /rawdata?inv=<serial>, wire-contract §4.5 and inverter-domain §5. */

/** The raw profile holds at most this many bytes (CRC included). */
export const GRID_PROFILE_RAW_MAX = 141;

export const GridProfileItemSchema = z.object({
  n: z.string(),
  /** "bool" marks an on/off item (v 1 = enabled). */
  u: z.string(),
  v: z.number(),
});
export type GridProfileItem = z.infer<typeof GridProfileItemSchema>;

export const GridProfileSectionSchema = z.object({
  name: z.string(),
  items: z.array(GridProfileItemSchema),
});
export type GridProfileSection = z.infer<typeof GridProfileSectionSchema>;

export const GridProfileStatusSchema = z.object({
  /** "XX - EN 50549-1:2019"; "Unknown" before data or when not recognised. */
  name: z.string(),
  /** "a.b.c"; "0.0.0" before data. */
  version: z.string(),
  sections: z.array(GridProfileSectionSchema),
});
export type GridProfileStatus = z.infer<typeof GridProfileStatusSchema>;

export const GridProfileRawSchema = z.object({
  raw: z.array(z.number().int().min(0).max(255)).max(GRID_PROFILE_RAW_MAX),
});
export type GridProfileRaw = z.infer<typeof GridProfileRawSchema>;

/** A profile counts as present only when its bytes sum above 0 (inverter-domain §5.1). */
export function hasGridProfile(raw: readonly number[]): boolean {
  return raw.reduce((sum, byte) => sum + byte, 0) > 0;
}
