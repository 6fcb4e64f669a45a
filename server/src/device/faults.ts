/**
 * SIM_FAULTS (docs/simulation.md, Options): `radio` = the radio modules are not connected, `unsynced` = the
 * clock never synchronises (handled by the clock), `unreachable:<serial>` = that inverter never
 * answers, `shade:<serial>:<string>[:<percent>]` = that string (1 = the first, as the live view
 * counts) delivers only that share of its power (default 30 %), as if a tree shaded it.
 * Unknown entries are ignored.
 */
export interface SimFaults {
  readonly radio: boolean;
  readonly unsynced: boolean;
  /** Normalised serials (lowercase hex without leading zeros). */
  readonly unreachable: ReadonlySet<string>;
  /** Normalised serial → string index (0-based) → share of the power it still delivers (0..1). */
  readonly shade: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

/** Share of its power a shaded string delivers when the entry names none. */
export const DEFAULT_SHADE_PERCENT = 30;

const normalizeSerial = (text: string): string | null => {
  const hex = text.replace(/^0x/, '');
  return /^[0-9a-f]{1,16}$/.test(hex) ? BigInt(`0x${hex}`).toString(16) : null;
};

/** `<serial>:<string>[:<percent>]` → where and how much, or null when malformed. */
function parseShade(rest: string): { serial: string; index: number; share: number } | null {
  const [serialText = '', stringText = '', percentText] = rest.split(':');
  const serial = normalizeSerial(serialText);
  const number = Number(stringText);
  const percent = percentText === undefined ? DEFAULT_SHADE_PERCENT : Number(percentText);
  if (serial === null || !Number.isInteger(number) || number < 1) return null;
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  return { serial, index: number - 1, share: percent / 100 };
}

/** Parse SIM_FAULTS entries (already split at commas). */
export function parseFaults(entries: readonly string[]): SimFaults {
  const unreachable = new Set<string>();
  let radio = false;
  let unsynced = false;
  const shade = new Map<string, Map<number, number>>();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (entry === 'radio') radio = true;
    else if (entry === 'unsynced') unsynced = true;
    else if (entry.startsWith('unreachable:')) {
      const serial = normalizeSerial(entry.slice('unreachable:'.length));
      if (serial !== null) unreachable.add(serial);
    } else if (entry.startsWith('shade:')) {
      const parsed = parseShade(entry.slice('shade:'.length));
      if (parsed) {
        const strings = shade.get(parsed.serial) ?? new Map<number, number>();
        strings.set(parsed.index, parsed.share);
        shade.set(parsed.serial, strings);
      }
    }
  }
  return { radio, unsynced, unreachable, shade };
}
