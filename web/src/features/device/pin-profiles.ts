import type {
  PinCategory,
  PinLink,
  PinMappingEntry,
  PinProfile,
} from '@heliodtu/contract/pin-mapping';

/**
 * Pin profiles on the interface side. contract/pin-mapping.ts holds the same logic next to zod
 * schemas, which the bundle must not carry (architecture: bundle rule); pin-profiles.test.ts
 * keeps the two equal.
 */

/** Profile name the interface shows for "" and posts instead of it (wire-contract §4.7). */
export const DEFAULT_PROFILE_NAME = 'Default';

const UNSET = -1;
const DISPLAY_UNSET = 255;

/** The gateway's built-in pins, used when no profile matches (contract DEFAULT_PIN_PROFILE). */
export const BUILT_IN_PINS: PinProfile = {
  name: '',
  nrf24: { clk: 18, cs: 5, en: 4, irq: 16, miso: 19, mosi: 23 },
  cmt: { clk: 14, cs: 27, fcs: 26, sdio: 13, gpio2: UNSET, gpio3: 33 },
  w5500: { sclk: UNSET, mosi: UNSET, miso: UNSET, cs: UNSET, int: UNSET, rst: UNSET },
  eth: {
    enabled: false,
    phy_addr: UNSET,
    power: UNSET,
    mdc: UNSET,
    mdio: UNSET,
    type: 0,
    clk_mode: 0,
  },
  display: {
    type: 0,
    data: DISPLAY_UNSET,
    clk: DISPLAY_UNSET,
    cs: DISPLAY_UNSET,
    reset: DISPLAY_UNSET,
  },
  led: { led0: UNSET, led1: UNSET },
};

export const PIN_CATEGORY_ORDER: readonly PinCategory[] = [
  'nrf24',
  'cmt',
  'w5500',
  'eth',
  'display',
  'led',
];

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

/**
 * pin_mapping.json content (parsed JSON) as profiles: entries without a string name are skipped,
 * a missing or malformed pin takes the built-in one (wire-contract §4.7).
 */
export function parsePinMapping(json: unknown): PinMappingEntry[] {
  if (!Array.isArray(json)) return [];
  const entries: PinMappingEntry[] = [];
  for (const item of json) {
    if (!isRecord(item) || typeof item['name'] !== 'string') continue;
    const entry: PinMappingEntry = { name: item['name'], ...pinsOf(item) };
    const links = item['links'];
    if (Array.isArray(links) && links.every(isLink)) {
      entry.links = links.map(({ name, url }) => ({ name, url }));
    }
    entries.push(entry);
  }
  return entries;
}

function pinsOf(item: Record<string, unknown>): Omit<PinProfile, 'name'> {
  return {
    nrf24: mergePins(BUILT_IN_PINS.nrf24, item['nrf24']),
    cmt: mergePins(BUILT_IN_PINS.cmt, item['cmt']),
    w5500: mergePins(BUILT_IN_PINS.w5500, item['w5500']),
    eth: mergePins(BUILT_IN_PINS.eth, item['eth']),
    display: mergePins(BUILT_IN_PINS.display, item['display']),
    led: mergePins(BUILT_IN_PINS.led, item['led']),
  };
}

/** The dropdown's names: 'Default', then the file's profiles sorted by name (spec §2). */
export function profileNames(entries: readonly PinMappingEntry[]): string[] {
  const names = entries.map((entry) => entry.name).filter((name) => name !== DEFAULT_PROFILE_NAME);
  const sorted = [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en'));
  return [DEFAULT_PROFILE_NAME, ...sorted];
}

/**
 * The pins a name selects, as the gateway will pick them after the next start: the first
 * profile of that name, else the built-in pins ('Default' or a name the file lacks).
 */
export function selectedPins(entries: readonly PinMappingEntry[], name: string): PinMappingEntry {
  return entries.find((entry) => entry.name === name) ?? { ...BUILT_IN_PINS, name };
}
