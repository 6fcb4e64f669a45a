import type { InverterState } from '../device/live-view.js';
import {
  addToBucket,
  addToDay,
  bucketRow,
  bucketStart,
  counterStep,
  emptyDay,
  isProductive,
  openBucket,
  reopenBucket,
  type DayTotals,
  type OpenBucket,
  type Sample,
} from './aggregate.js';
import type { LocalCalendar } from './local-day.js';
import type { HistoryStore, WriteBatch } from './store.js';

/** What the recorder reads of one inverter: the simulator's state, or the relayed live data. */
export type RecordedState = Pick<InverterState, 'live' | 'hasData' | 'lastUpdateUptime'> & {
  /**
   * How old the packet is now (ms), when it is not fresh from the poll: a relayed frame. Its
   * sample counts at the time it was taken, so that the energy a device reports after an outage
   * is weighed against the whole time it took, not the second since the last frame arrived.
   */
  ageMs?: number;
};

/** What the recorder needs of a source: the fleet simulator or a device's relayed live data. */
export interface RecordedFleet {
  /** The device whose inverters these are: the key of their history rows. */
  readonly deviceId: string;
  on(event: 'update', listener: (serial: string) => void): unknown;
  off(event: 'update', listener: (serial: string) => void): unknown;
  inverterState(serial: string): RecordedState | null;
}

interface Track {
  inv: number;
  name: string;
  strings: string[];
  bucket: OpenBucket | null;
  day: DayTotals | null;
  counter: { wallMs: number; totalWh: number } | null;
  counterDirty: boolean;
  acW: number;
  lastWall: number;
}

const STALE_MS = 300_000;

/** One inverter's poll as a sample, or null before its first packet. */
export function sampleOf(state: RecordedState, wallMs: number): Sample | null {
  if (!state.hasData) return null;
  const dc = Object.keys(state.live.DC)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => state.live.DC[k]);
  return {
    wallMs: wallMs - (state.ageMs ?? 0),
    acW: state.live.AC['0']?.Power.v ?? 0,
    dcW: dc.map((c) => c?.Power.v ?? 0),
    // YieldTotal is kWh with 3 decimals: whole Wh per input.
    totalWh: dc.reduce((sum, c) => sum + Math.round((c?.YieldTotal.v ?? 0) * 1000), 0),
  };
}

/**
 * Turns inverter polls into buckets and day rows in memory, and hands them to the store in one
 * transaction per flush (a timer, the end of a bucket, or close). The poll loop only touches
 * memory, so it never waits on the disk.
 */
export class HistoryRecorder {
  private readonly tracks = new Map<string, Track>();
  private readonly finished: WriteBatch['buckets'] = [];
  /** Days that ended (local midnight passed) since the last flush. */
  private readonly finishedDays: WriteBatch['days'] = [];
  private fleetDay: DayTotals | null = null;
  /** Row id of the device's fleet, once it recorded something. */
  private fleetInv: number | null = null;
  private fleetDirty = false;
  private dirty = new Set<Track>();

  constructor(
    private readonly store: HistoryStore,
    /** The device whose polls these are (RecordedFleet.deviceId). */
    private readonly device: string,
    private readonly calendar: () => LocalCalendar,
    /** The store holds nothing yet (backfill): skip looking up stored buckets and days. */
    private readonly fresh = false,
  ) {}

  /** Record one poll of `serial` (name and input names as configured now). */
  record(serial: string, name: string, strings: string[], sample: Sample): void {
    const track = this.track(serial, name, strings);
    const calendar = this.calendar();
    const t = bucketStart(sample.wallMs);
    const day = calendar.dayOf(sample.wallMs);
    if (track.bucket && track.bucket.t !== t) this.finishBucket(track);
    if (!track.bucket) {
      const stored = this.fresh ? null : this.store.bucket(track.inv, t);
      track.bucket = stored ? reopenBucket(stored) : openBucket(t, sample.dcW.length);
    }
    if (track.day?.day !== day) {
      if (track.day) this.finishedDays.push({ inv: track.inv, totals: track.day });
      track.day = (this.fresh ? null : this.store.day(track.inv, day)) ?? emptyDay(day);
    }
    if (!this.fresh) track.counter ??= this.store.counter(track.inv);
    const wh = counterStep(track.counter, sample.wallMs, sample.totalWh);
    if (sample.totalWh !== null) {
      track.counter = { wallMs: sample.wallMs, totalWh: sample.totalWh };
      track.counterDirty = true;
    }
    addToBucket(track.bucket, sample.acW, sample.dcW, wh);
    addToDay(track.day, wh, sample.acW, sample.wallMs);
    track.acW = sample.acW;
    track.lastWall = sample.wallMs;
    this.dirty.add(track);
    this.recordFleet(day, wh, sample.wallMs);
  }

  /** A bucket ended since the last flush. */
  hasFinished(): boolean {
    return this.finished.length > 0;
  }

  /** Write what changed since the last flush, in one transaction. */
  flush(): void {
    const batch: WriteBatch = {
      buckets: this.finished.splice(0),
      days: this.finishedDays.splice(0),
      counters: [],
    };
    for (const track of this.dirty) {
      const row = track.bucket && bucketRow(track.bucket);
      if (row && isProductive(row)) batch.buckets.push({ inv: track.inv, row });
      if (track.day) batch.days.push({ inv: track.inv, totals: { ...track.day } });
      if (track.counter && track.counterDirty) {
        batch.counters.push({ inv: track.inv, ...track.counter });
        track.counterDirty = false;
      }
    }
    if (this.fleetDirty && this.fleetDay && this.fleetInv !== null) {
      batch.days.push({ inv: this.fleetInv, totals: { ...this.fleetDay } });
    }
    this.dirty = new Set();
    this.fleetDirty = false;
    if (batch.buckets.length + batch.days.length + batch.counters.length === 0) return;
    this.store.write(batch);
  }

  /** Forget cached days and buckets (the time zone changed, or a new store). */
  reset(): void {
    this.tracks.clear();
    this.finished.length = 0;
    this.finishedDays.length = 0;
    this.fleetDay = null;
    this.dirty = new Set();
  }

  private track(serial: string, name: string, strings: string[]): Track {
    let track = this.tracks.get(serial);
    if (!track || track.name !== name || track.strings.join('\n') !== strings.join('\n')) {
      const inv = this.store.upsertInverter(this.device, serial, name, strings);
      track ??= {
        inv,
        name,
        strings,
        bucket: null,
        day: null,
        counter: null,
        counterDirty: false,
        acW: 0,
        lastWall: 0,
      };
      track.name = name;
      track.strings = strings;
      this.tracks.set(serial, track);
    }
    return track;
  }

  private finishBucket(track: Track): void {
    const row = track.bucket && bucketRow(track.bucket);
    if (row && isProductive(row)) this.finished.push({ inv: track.inv, row });
    track.bucket = null;
  }

  /** The fleet's day: its yield, and the highest sum of the inverters' latest AC power. */
  private recordFleet(day: number, wh: number, wallMs: number): void {
    const fleetInv = (this.fleetInv ??= this.store.addFleet(this.device));
    if (this.fleetDay?.day !== day) {
      if (this.fleetDay) this.finishedDays.push({ inv: fleetInv, totals: this.fleetDay });
      this.fleetDay = (this.fresh ? null : this.store.day(fleetInv, day)) ?? emptyDay(day);
    }
    let total = 0;
    // Inverters silent for a bucket (deleted, out of range) no longer count towards the total.
    for (const track of this.tracks.values()) {
      if (wallMs - track.lastWall <= STALE_MS) total += track.acW;
    }
    addToDay(this.fleetDay, wh, total, wallMs);
    this.fleetDirty = true;
  }
}
