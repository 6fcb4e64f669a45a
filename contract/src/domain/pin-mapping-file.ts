import type { PinLink, PinMappingEntry, PinProfile } from '../pin-mapping.js';

/**
 * The pure side of pin profiles (wire-contract §4.7), without zod so the web can run it in the
 * browser (bundle rule). pin-mapping.ts has the schemas and the types they infer.
 * GPIO numbers; -1 means unset, and 255 for the display pins (spec §3).
 */
export const PIN_UNSET = -1;
export const DISPLAY_PIN_UNSET = 255;

/** The pin categories in the order the interface lists them. */
export const PIN_CATEGORIES = ['nrf24', 'cmt', 'w5500', 'eth', 'display', 'led'] as const;
export type PinCategory = (typeof PIN_CATEGORIES)[number];

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

const isLink = (value: unknown): value is PinLink =>
  isRecord(value) && typeof value['name'] === 'string' && typeof value['url'] === 'string';

// The links only when every one is a {name, url} pair; extra keys are dropped.
function linksOf(value: unknown): PinLink[] | undefined {
  if (!Array.isArray(value) || !value.every(isLink)) return undefined;
  return value.map(({ name, url }) => ({ name, url }));
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
    const links = linksOf(item['links']);
    if (links) entry.links = links;
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
