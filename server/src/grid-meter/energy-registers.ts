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

/** The registers when the current local day's counting began (for `today`), kept with them. */
export interface DayBase {
  day_start: number;
  import_wh: number;
  export_wh: number;
  production_wh: number;
  /**
   * When the day's counting began: the day's start when it ran on across midnight, else the
   * moment the base was taken (a meter set, or a gateway started, during the day).
   */
  counted_from: number;
}

/** Today's flow as the registers counted it: the production is what they counted beside it. */
export interface CountedDay {
  import_wh: number;
  export_wh: number;
  production_wh: number;
  counted_from: number;
}

export class EnergyRegisters {
  import_wh = 0;
  export_wh = 0;
  /**
   * The fleet's production integrated over the same intervals as import and export: a day's
   * consumption (production + import − export) needs the production of the time the meter
   * counted, not of the whole day.
   */
  production_wh = 0;
  midnight: DayBase | null = null;
  private last: { at: number; power_w: number; production_w: number } | null = null;
  /** The longest gap the last add() allowed: counting runs on across midnight within it. */
  private maxGapMs = 0;
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
      const prod = json.production_wh;
      if (typeof prod === 'number' && prod >= 0) this.production_wh = prod;
      const midnight = json.midnight as Partial<DayBase> | null | undefined;
      if (midnight && typeof midnight.day_start === 'number') {
        // A base from before production was counted beside the grid covers the whole day.
        this.midnight = {
          day_start: midnight.day_start,
          import_wh: midnight.import_wh ?? 0,
          export_wh: midnight.export_wh ?? 0,
          production_wh: midnight.production_wh ?? this.production_wh,
          counted_from: midnight.counted_from ?? midnight.day_start,
        };
      }
    } catch {
      // No file yet (or unreadable): the registers start at zero, as a new meter's do.
    }
  }

  /**
   * Adds the interval since the previous reading (trapezoid), unless the gap is too long;
   * `production_w` is the fleet's AC power at the reading.
   */
  add(at: number, power_w: number, maxGapMs: number, production_w = 0): void {
    const last = this.last;
    this.last = { at, power_w, production_w };
    this.maxGapMs = maxGapMs;
    if (!last || at <= last.at || at - last.at > maxGapMs) return;
    const hours = (at - last.at) / 3_600_000;
    this.production_wh +=
      ((Math.max(0, last.production_w) + Math.max(0, production_w)) / 2) * hours;
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

  /**
   * Takes the base of the local day starting at `dayStart` if it has none yet: counting that
   * runs on across midnight (the last reading within the allowed gap of `now`) starts the day
   * at `dayStart`, else the day's counting starts `now`. Call it before add() of each reading,
   * so a new day's base is taken at its first reading.
   */
  rollover(dayStart: number, now: number): DayBase {
    if (this.midnight?.day_start === dayStart) return this.midnight;
    const running = this.last !== null && now - this.last.at <= this.maxGapMs;
    this.midnight = {
      day_start: dayStart,
      import_wh: this.import_wh,
      export_wh: this.export_wh,
      production_wh: this.production_wh,
      counted_from: running ? dayStart : Math.max(dayStart, now),
    };
    this.dirty = true;
    return this.midnight;
  }

  /** Today's flow since local midnight `dayStart`, or since its counting began that day. */
  today(dayStart: number, now: number): CountedDay {
    const base = this.rollover(dayStart, now);
    return {
      import_wh: this.import_wh - base.import_wh,
      export_wh: this.export_wh - base.export_wh,
      production_wh: this.production_wh - base.production_wh,
      counted_from: base.counted_from,
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
      production_wh: this.production_wh,
      midnight: this.midnight,
      saved_at: now,
    };
    await writeFileAtomic(this.file, `${JSON.stringify(body)}\n`);
  }
}
