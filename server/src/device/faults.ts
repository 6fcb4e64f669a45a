/**
 * SIM_FAULTS (issue 3 §6): `radio` = the radio modules are not connected, `unsynced` = the
 * clock never synchronises (handled by the clock), `unreachable:<serial>` = that inverter never
 * answers. Unknown entries are ignored.
 */
export interface SimFaults {
  readonly radio: boolean;
  readonly unsynced: boolean;
  /** Normalised serials (lowercase hex without leading zeros). */
  readonly unreachable: ReadonlySet<string>;
}

/** Parse SIM_FAULTS entries (already split at commas). */
export function parseFaults(entries: readonly string[]): SimFaults {
  const unreachable = new Set<string>();
  let radio = false;
  let unsynced = false;
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (entry === 'radio') radio = true;
    else if (entry === 'unsynced') unsynced = true;
    else if (entry.startsWith('unreachable:')) {
      const hex = entry.slice('unreachable:'.length).replace(/^0x/, '');
      if (/^[0-9a-f]{1,16}$/.test(hex)) unreachable.add(BigInt(`0x${hex}`).toString(16));
    }
  }
  return { radio, unsynced, unreachable };
}
