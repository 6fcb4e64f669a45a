import { z } from 'zod';

/** Result envelope of every POST and a few GETs, wire-contract §1.2. */
export const RESPONSE_TYPES = ['success', 'warning', 'danger', 'info'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

export const ApiParamSchema = z.object({
  min: z.number().optional(),
  max: z.number().optional(),
});
export type ApiParam = z.infer<typeof ApiParamSchema>;

export const ApiResultSchema = z.object({
  type: z.enum(RESPONSE_TYPES),
  message: z.string(),
  // Three network errors carry no code on the device (wire-contract §4.8).
  code: z.number().int().optional(),
  param: ApiParamSchema.optional(),
});
export type ApiResult = z.infer<typeof ApiResultSchema>;
