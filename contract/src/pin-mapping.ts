import { z } from 'zod';

/**
 * Hardware pin profiles: `curPin` of /api/device/config and the entries of pin_mapping.json
 * (wire-contract §4.7). GPIO numbers; -1 means unset, and 255 for the display pins (spec §3).
 * The zod-free values and helpers (defaults, reading the file, categories) live in
 * domain/pin-mapping-file.ts, which the web runs too.
 */

const pin = () => z.number().int();

export const Nrf24PinsSchema = z.object({
  clk: pin(),
  cs: pin(),
  en: pin(),
  irq: pin(),
  miso: pin(),
  mosi: pin(),
});
export const CmtPinsSchema = z.object({
  clk: pin(),
  cs: pin(),
  fcs: pin(),
  sdio: pin(),
  gpio2: pin(),
  gpio3: pin(),
});
export const W5500PinsSchema = z.object({
  sclk: pin(),
  mosi: pin(),
  miso: pin(),
  cs: pin(),
  int: pin(),
  rst: pin(),
});
/** Only meaningful on chips with a built-in Ethernet MAC (classic ESP32). */
export const EthPinsSchema = z.object({
  enabled: z.boolean(),
  phy_addr: pin(),
  power: pin(),
  mdc: pin(),
  mdio: pin(),
  type: pin(),
  clk_mode: pin(),
});
/** type: 0 none, 1 PCD8544, 2 SSD1306, 3 SH1106, 4 SSD1309, 5 ST7567_GM12864I_59N. */
export const DisplayPinsSchema = z.object({
  type: pin(),
  data: pin(),
  clk: pin(),
  cs: pin(),
  reset: pin(),
});
export const LedPinsSchema = z.object({ led0: pin(), led1: pin() });

/** `curPin` of GET /api/device/config: the configured name with the active pins (wire-contract §4.7). */
export const PinProfileSchema = z.object({
  name: z.string(),
  nrf24: Nrf24PinsSchema,
  cmt: CmtPinsSchema,
  w5500: W5500PinsSchema,
  eth: EthPinsSchema,
  display: DisplayPinsSchema,
  led: LedPinsSchema,
});
export type PinProfile = z.infer<typeof PinProfileSchema>;

export const PinLinkSchema = z.object({ name: z.string(), url: z.string() });
export type PinLink = z.infer<typeof PinLinkSchema>;

/** One profile of pin_mapping.json after reading: `curPin`'s keys plus documentation links. */
export const PinMappingEntrySchema = PinProfileSchema.extend({
  links: z.array(PinLinkSchema).optional(),
});
export type PinMappingEntry = z.infer<typeof PinMappingEntrySchema>;
