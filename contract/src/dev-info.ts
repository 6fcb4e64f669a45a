import { z } from 'zod';

/** GET /api/devinfo/status?inv=<serial>, wire-contract §4.5 and inverter-domain §3. */
export const DevInfoStatusSchema = z.object({
  /** True once any device-info answer was received. */
  valid_data: z.boolean(),
  /** e.g. 104, shown as 0.1.4. */
  fw_bootloader_version: z.number().int(),
  /** e.g. 10018, shown as 1.0.18. */
  fw_build_version: z.number().int(),
  hw_part_number: z.number().int(),
  /** Two 2-digit numbers, "01.00". */
  hw_version: z.string(),
  /** "HM-800-2T", or "" for a part number not in the model table. */
  hw_model_name: z.string(),
  /** W; 0 when unknown. */
  max_power: z.number().int(),
  /** "YYYY-MM-DD HH:MM:SS" (UTC); meaningless while valid_data is false. */
  fw_build_datetime: z.string(),
  /** v26.3.30 only: the inverter supports PDL (the simulated inverters answer false). */
  pdl_supported: z.boolean().optional(),
});
export type DevInfoStatus = z.infer<typeof DevInfoStatusSchema>;

/** What the endpoint answers: the status, or `{}` for an unknown serial. */
export const DevInfoResponseSchema = z.union([DevInfoStatusSchema, z.object({}).strict()]);
export type DevInfoResponse = z.infer<typeof DevInfoResponseSchema>;
