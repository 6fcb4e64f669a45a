import { z } from 'zod';
import { CMT_COUNTRY_COUNT } from './domain/frequency.js';
import { CMT_CHANNEL_WIDTH_HZ } from './limits.js';
import { wire } from './wire.js';

/** One entry of `country_def`, all Hz (wire-contract §4.6, §7). */
export const CmtCountryDefinitionSchema = z.object({
  freq_default: z.number().int(),
  freq_min: z.number().int(),
  freq_max: z.number().int(),
  freq_legal_min: z.number().int(),
  freq_legal_max: z.number().int(),
});

/** GET /api/dtu/config, wire-contract §4.6. Frequencies and widths in Hz (§11.2). */
export const DtuConfigSchema = z.object({
  /** Hex digits, e.g. "199980112345" (wire-contract §11.1). */
  serial: z.string(),
  pollinterval: z.number().int(),
  /** The NRF24 radio is initialised. */
  nrf_enabled: z.boolean(),
  /** 0..3 = -18, -12, -6, 0 dBm. */
  nrf_palevel: z.number().int(),
  /** The CMT2300A radio is initialised. */
  cmt_enabled: z.boolean(),
  /** dBm, -10..20. */
  cmt_palevel: z.number().int(),
  cmt_frequency: z.number().int(),
  /** 0 Europe, 1 North America, 2 Brazil: the index into country_def. */
  cmt_country: z.number().int(),
  cmt_chan_width: z.literal(CMT_CHANNEL_WIDTH_HZ),
  country_def: z.array(CmtCountryDefinitionSchema).length(CMT_COUNTRY_COUNT),
});
export type DtuConfig = z.infer<typeof DtuConfigSchema>;

/**
 * POST /api/dtu/config data: the kind checks of wire-contract §4.6 (a failure is 1005).
 * The interface posts the whole GET object back; the other fields are ignored. Bounds are
 * checked afterwards with their own codes 2001..2005 (limits.ts, domain/dtu-serial.ts,
 * domain/frequency.ts), so they are not part of this schema.
 */
export const DtuConfigRequestSchema = z.object({
  serial: wire.string(),
  pollinterval: wire.uint32(),
  nrf_palevel: wire.uint8(),
  cmt_palevel: wire.int8(),
  cmt_frequency: wire.uint32(),
  cmt_country: wire.uint8(),
});
export type DtuConfigRequest = z.infer<typeof DtuConfigRequestSchema>;
