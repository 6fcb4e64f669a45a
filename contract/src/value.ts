import { z } from 'zod';

/** One measurement: value, unit, decimals (wire-contract §4.2). */
export const ValueObjectSchema = z.object({
  v: z.number().nullable(),
  u: z.string(),
  d: z.number().int(),
});
export type ValueObject = z.infer<typeof ValueObjectSchema>;
