import { z } from 'zod';

/**
 * Hardware pin profiles: `curPin` of /api/device/config and the entries of pin_mapping.json
 * (wire-contract §4.7). GPIO numbers; -1 means unset, and 255 for the display pins (spec §3).
 */
export const PIN_UNSET = -1;
export const DISPLAY_PIN_UNSET = 255;

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
/** The pin categories in the order the interface lists them. */
export const PIN_CATEGORIES = ['nrf24', 'cmt', 'w5500', 'eth', 'display', 'led'] as const;
export type PinCategory = (typeof PIN_CATEGORIES)[number];

export const PinLinkSchema = z.object({ name: z.string(), url: z.string() });
export type PinLink = z.infer<typeof PinLinkSchema>;

/** One profile of pin_mapping.json after reading: `curPin`'s keys plus documentation links. */
export const PinMappingEntrySchema = PinProfileSchema.extend({
  links: z.array(PinLinkSchema).optional(),
});
export type PinMappingEntry = z.infer<typeof PinMappingEntrySchema>;

/**
 * Built-in pins when no profile matches (name "" or "Default"): a classic ESP32 dev board with
 * an NRF24L01+ module on the VSPI pins and a CMT2300A module on free GPIOs, so both radios
 * the simulated fleet needs are wired. No Ethernet, no display, no LEDs.
 */
export const DEFAULT_PIN_PROFILE: PinProfile = {
  name: '',
  nrf24: { clk: 18, cs: 5, en: 4, irq: 16, miso: 19, mosi: 23 },
  cmt: { clk: 14, cs: 27, fcs: 26, sdio: 13, gpio2: PIN_UNSET, gpio3: 33 },
  w5500: {
    sclk: PIN_UNSET,
    mosi: PIN_UNSET,
    miso: PIN_UNSET,
    cs: PIN_UNSET,
    int: PIN_UNSET,
    rst: PIN_UNSET,
  },
  eth: {
    enabled: false,
    phy_addr: PIN_UNSET,
    power: PIN_UNSET,
    mdc: PIN_UNSET,
    mdio: PIN_UNSET,
    type: 0,
    clk_mode: 0,
  },
  display: {
    type: 0,
    data: DISPLAY_PIN_UNSET,
    clk: DISPLAY_PIN_UNSET,
    cs: DISPLAY_PIN_UNSET,
    reset: DISPLAY_PIN_UNSET,
  },
  led: { led0: PIN_UNSET, led1: PIN_UNSET },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A value of the default's kind wins; anything else keeps the built-in pin, as the device does.
function mergePins<T extends Record<string, number | boolean>>(defaults: T, given: unknown): T {
  const source = isRecord(given) ? given : {};
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value = source[key];
    const sameKind = typeof value === typeof defaults[key];
    if (sameKind && (typeof value !== 'number' || Number.isInteger(value))) {
      result[key] = value as T[typeof key];
    }
  }
  return result;
}

/**
 * Read pin_mapping.json content (already JSON-parsed): an array of profiles. Entries without a
 * string name are skipped; a missing or malformed pin takes the built-in default (wire-contract §4.7).
 */
export function parsePinMappingFile(json: unknown): PinMappingEntry[] {
  if (!Array.isArray(json)) return [];
  const entries: PinMappingEntry[] = [];
  for (const item of json) {
    if (!isRecord(item) || typeof item['name'] !== 'string') continue;
    const entry: PinMappingEntry = {
      name: item['name'],
      nrf24: mergePins(DEFAULT_PIN_PROFILE.nrf24, item['nrf24']),
      cmt: mergePins(DEFAULT_PIN_PROFILE.cmt, item['cmt']),
      w5500: mergePins(DEFAULT_PIN_PROFILE.w5500, item['w5500']),
      eth: mergePins(DEFAULT_PIN_PROFILE.eth, item['eth']),
      display: mergePins(DEFAULT_PIN_PROFILE.display, item['display']),
      led: mergePins(DEFAULT_PIN_PROFILE.led, item['led']),
    };
    const links = z.array(PinLinkSchema).safeParse(item['links']);
    if (links.success) entry.links = links.data;
    entries.push(entry);
  }
  return entries;
}

/** The first profile whose name equals the configured one, else undefined (wire-contract §4.7). */
export function findPinProfile(
  entries: readonly PinMappingEntry[],
  name: string,
): PinMappingEntry | undefined {
  return entries.find((entry) => entry.name === name);
}

/** Which radios the board can initialise with these pins. */
export interface ConfiguredRadios {
  nrf: boolean;
  cmt: boolean;
}

/**
 * The radios whose required pins are set (≥ 0) in a pin profile, as the firmware decides before
 * initialising them: NRF24 needs all six, CMT2300A clk/cs/fcs/sdio (gpio2/gpio3 are optional).
 * Feeds nrf_enabled / cmt_enabled and nrf_configured / cmt_configured (wire-contract §4.6, §4.11).
 */
export function configuredRadios(profile: Pick<PinProfile, 'nrf24' | 'cmt'>): ConfiguredRadios {
  const { nrf24, cmt } = profile;
  const set = (pins: number[]) => pins.every((pin) => pin >= 0);
  return {
    nrf: set([nrf24.clk, nrf24.cs, nrf24.en, nrf24.irq, nrf24.miso, nrf24.mosi]),
    cmt: set([cmt.clk, cmt.cs, cmt.fcs, cmt.sdio]),
  };
}
