import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { STATE_DIR } from '../store/chip-id.js';
import type { InverterEvent } from './event-log.js';

/**
 * The inverters' own counters and state in DATA_DIR/.heliodtu/yield.json, so YieldTotal (and
 * the day's yield of an inverter that kept running) survive a gateway restart. Written
 * atomically, at most once a minute while running and once more on stop.
 */

/** Counters the inverter keeps; persisted so they survive a gateway restart. */
export interface InverterCounters {
  yieldDayWh: number[];
  yieldTotalWh: number[];
}

/** What survives a gateway restart: the inverter on the roof keeps running meanwhile. */
export interface SavedInverterState extends InverterCounters {
  awake: boolean;
  powerOn: boolean;
  limitPercent: number;
  persistentLimit: number;
  temperature: number;
  events: InverterEvent[];
  eventCounter: number;
}

export interface YieldFile {
  version: 1;
  /** Device epoch ms of the save. */
  savedAt: number;
  inverters: Record<string, SavedInverterState>;
}

export const YIELD_FILE = 'yield.json';
const SAVE_EVERY_MS = 60_000;

const isNumberArray = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isFinite(n));

function validState(value: unknown): value is SavedInverterState {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    isNumberArray(s['yieldDayWh']) &&
    isNumberArray(s['yieldTotalWh']) &&
    typeof s['awake'] === 'boolean' &&
    typeof s['powerOn'] === 'boolean' &&
    typeof s['limitPercent'] === 'number' &&
    typeof s['persistentLimit'] === 'number' &&
    typeof s['temperature'] === 'number' &&
    Array.isArray(s['events']) &&
    typeof s['eventCounter'] === 'number'
  );
}

/** Reads and writes yield.json (YieldTotal survives restarts: docs/simulation.md, Time). */
export class YieldStore {
  private lastSave = Number.NEGATIVE_INFINITY;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly hostNow: () => number,
    private readonly log: (line: string) => void,
  ) {}

  get file(): string {
    return path.join(this.dataDir, STATE_DIR, YIELD_FILE);
  }

  /** The saved states; empty on a first start or when the file is unreadable. */
  async load(): Promise<{ savedAt: number; inverters: Map<string, SavedInverterState> }> {
    const empty = { savedAt: 0, inverters: new Map<string, SavedInverterState>() };
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return empty;
    }
    try {
      const parsed = JSON.parse(text) as Partial<YieldFile>;
      const entries = Object.entries(parsed.inverters ?? {}).filter(([, s]) => validState(s));
      return { savedAt: Number(parsed.savedAt) || 0, inverters: new Map(entries) };
    } catch {
      this.log(`${YIELD_FILE} is unreadable; yields start over`);
      return empty;
    }
  }

  /** Save if the last save is a minute old (host time); `force` saves now. */
  maybeSave(snapshot: () => YieldFile, force = false): Promise<void> {
    const now = this.hostNow();
    if (!force && now - this.lastSave < SAVE_EVERY_MS) return this.writing;
    this.lastSave = now;
    const content = JSON.stringify(snapshot());
    this.writing = this.writing.then(async () => {
      try {
        await mkdir(path.dirname(this.file), { recursive: true });
        await writeFileAtomic(this.file, content);
      } catch (error) {
        this.log(`Saving ${YIELD_FILE} failed: ${(error as Error).message}`);
      }
    });
    return this.writing;
  }
}
