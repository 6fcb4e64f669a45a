import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { STATE_DIR } from '../store/chip-id.js';
import type { Phases } from './house-model.js';
import type { MeterCounters } from './house-sim.js';

/**
 * The simulated meter's registers in DATA_DIR/.heliodtu/house-meter.json, so they keep
 * counting up across restarts as a real meter's do (power-control §2). Written atomically, at
 * most once a minute (host time) and on stop, like yield.json.
 */

export const HOUSE_METER_FILE = 'house-meter.json';
const SAVE_EVERY_MS = 60_000;

interface HouseMeterFile extends MeterCounters {
  version: 1;
  /** Device epoch ms of the save. */
  savedAt: number;
}

const isRegister = (value: unknown): value is Phases =>
  Array.isArray(value) &&
  value.length === 3 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);

export class HouseMeterStore {
  private lastSave = Number.NEGATIVE_INFINITY;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly hostNow: () => number,
    private readonly log: (line: string) => void,
  ) {}

  get file(): string {
    return path.join(this.dataDir, STATE_DIR, HOUSE_METER_FILE);
  }

  /** The saved registers; undefined on a first start or when the file is unusable (said once). */
  async load(): Promise<MeterCounters | undefined> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const parsed = JSON.parse(text) as Partial<HouseMeterFile>;
      if (isRegister(parsed.import_wh) && isRegister(parsed.export_wh)) {
        return { import_wh: parsed.import_wh, export_wh: parsed.export_wh };
      }
    } catch {
      // Reported below, as for a file of the wrong shape.
    }
    this.log(`${HOUSE_METER_FILE} is unreadable; the simulated meter starts from zero`);
    return undefined;
  }

  /** Save if the last save is a minute old (host time); `force` saves now. */
  maybeSave(snapshot: () => MeterCounters & { savedAt: number }, force = false): Promise<void> {
    const now = this.hostNow();
    if (!force && now - this.lastSave < SAVE_EVERY_MS) return this.writing;
    this.lastSave = now;
    const { import_wh, export_wh, savedAt } = snapshot();
    const content: HouseMeterFile = { version: 1, savedAt, import_wh, export_wh };
    const text = JSON.stringify(content);
    this.writing = this.writing.then(async () => {
      try {
        await mkdir(path.dirname(this.file), { recursive: true });
        await writeFileAtomic(this.file, text);
      } catch (error) {
        this.log(`Saving ${HOUSE_METER_FILE} failed: ${(error as Error).message}`);
      }
    });
    return this.writing;
  }
}
