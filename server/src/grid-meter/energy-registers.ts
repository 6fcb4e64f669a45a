import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';

/**
 * The house's import and export registers, Wh: grid power integrated between consecutive
 * usable readings (a gap longer than the stale limit adds nothing), kept in
 * DATA_DIR/.heliodtu/grid-energy.json so they stay monotonic across restarts.
 */
export const GRID_ENERGY_FILE = 'grid-energy.json';
const SAVE_EVERY_MS = 60_000;

export class EnergyRegisters {
  import_wh = 0;
  export_wh = 0;
  /** The registers at the start of the current local day (for `today`), kept with them. */
  midnight: { day_start: number; import_wh: number; export_wh: number } | null = null;
  private last: { at: number; power_w: number } | null = null;
  private savedAt = 0;
  private dirty = false;

  constructor(readonly file: string) {}

  static inDir(stateDir: string): EnergyRegisters {
    return new EnergyRegisters(path.join(stateDir, GRID_ENERGY_FILE));
  }

  async load(): Promise<void> {
    try {
      const json = JSON.parse(await readFile(this.file, 'utf8')) as Record<string, unknown>;
      const imp = json.import_wh;
      const exp = json.export_wh;
      if (typeof imp === 'number' && imp >= 0) this.import_wh = imp;
      if (typeof exp === 'number' && exp >= 0) this.export_wh = exp;
      const midnight = json.midnight as EnergyRegisters['midnight'];
      if (midnight && typeof midnight.day_start === 'number') this.midnight = midnight;
    } catch {
      // No file yet (or unreadable): the registers start at zero, as a new meter's do.
    }
  }

  /** Adds the interval since the previous reading (trapezoid), unless the gap is too long. */
  add(at: number, power_w: number, maxGapMs: number): void {
    const last = this.last;
    this.last = { at, power_w };
    if (!last || at <= last.at || at - last.at > maxGapMs) return;
    const hours = (at - last.at) / 3_600_000;
    // Split at the zero crossing so import and export are each counted by their own side.
    const a = last.power_w;
    const b = power_w;
    if (a >= 0 && b >= 0) this.import_wh += ((a + b) / 2) * hours;
    else if (a <= 0 && b <= 0) this.export_wh += (-(a + b) / 2) * hours;
    else {
      const share = Math.abs(a) / (Math.abs(a) + Math.abs(b));
      const first = (Math.abs(a) / 2) * hours * share;
      const second = (Math.abs(b) / 2) * hours * (1 - share);
      if (a > 0) {
        this.import_wh += first;
        this.export_wh += second;
      } else {
        this.export_wh += first;
        this.import_wh += second;
      }
    }
    this.dirty = true;
  }

  /** Today's import and export since local midnight `dayStart` (a new day takes a new base). */
  today(dayStart: number): { import_wh: number; export_wh: number } {
    if (this.midnight?.day_start !== dayStart) {
      this.midnight = { day_start: dayStart, import_wh: this.import_wh, export_wh: this.export_wh };
      this.dirty = true;
    }
    return {
      import_wh: this.import_wh - this.midnight.import_wh,
      export_wh: this.export_wh - this.midnight.export_wh,
    };
  }

  /** Forgets the previous reading: the next one starts a new stretch (after a gap or a change). */
  gap(): void {
    this.last = null;
  }

  /** Writes at most once a minute of the gateway's clock, or at once when `force`. */
  async persist(now: number, force = false): Promise<void> {
    if (!this.dirty || (!force && now - this.savedAt < SAVE_EVERY_MS)) return;
    this.savedAt = now;
    this.dirty = false;
    await mkdir(path.dirname(this.file), { recursive: true });
    const body = {
      import_wh: this.import_wh,
      export_wh: this.export_wh,
      midnight: this.midnight,
      saved_at: now,
    };
    await writeFileAtomic(this.file, `${JSON.stringify(body)}\n`);
  }
}
