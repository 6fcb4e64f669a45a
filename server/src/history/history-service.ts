import { bucketStart } from './aggregate.js';
import { reportedBackfill, type BackfillOptions } from './backfill.js';
import { FollowedDevices } from './followed-devices.js';
import { GridRecorder, type GridReading, type RecordedGridMeter } from './grid-recorder.js';
import type { LocalCalendar } from './local-day.js';
import type { QueryContext } from './queries.js';
import { sampleOf, type HistoryRecorder, type RecordedFleet } from './recorder.js';
import { HistoryStore, isCorruption, sqliteCode } from './store.js';

/**
 * The history of one gateway boot: the store, the recorder fed by the fleet's updates, the
 * flush and retention timers, and the fault rules of issue 14 — a full disk stops recording
 * (the gateway keeps serving), a damaged file is moved aside and a fresh one started.
 */

export interface HistoryServiceOptions {
  /** Folder of history.sqlite (DATA_DIR/.heliodtu). */
  dir: string;
  retentionDays: number;
  log: (line: string) => void;
  /** The device recorded and answered for: the key of its rows (the fleet's deviceId). */
  device: string;
  /** POSIX TZ of the local days: the recorded device's NTP zone, read on every use. */
  tz: () => string;
  /** Device epoch ms. */
  now: () => number;
  /** Host ms between flushes (default 5 s). */
  flushMs?: number;
  /** Tests: cap the file size to provoke SQLITE_FULL. */
  maxPageCount?: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export class HistoryService {
  /** False once recording stopped (full disk); stored history stays readable. */
  recording = true;
  private store: HistoryStore;
  /** The main device and any further ones (a companion of several devices, issue 27). */
  private readonly followed: FollowedDevices;
  private timers: NodeJS.Timeout[] = [];
  private flushQueued = false;
  /** Per device and serial: the packet last recorded (uptime of the packet + power), see onUpdate. */
  private readonly lastPacket = new Map<string, string>();
  private closed = false;
  /** A demo backfill is between two days (its counters must not outlive a close). */
  private backfilling = false;
  /** The house's grid flow, once a meter is followed (followGrid). */
  private readonly grid = new GridRecorder(
    () => this.store,
    () => this.calendar(),
  );
  private gridDetach: (() => void) | null = null;
  /** A demo backfill is due or running: the grid meter is followed once it is written. */
  private gridWaits = false;
  private pendingGrid: RecordedGridMeter | null = null;
  /** Settles once the live polls are followed (after the demo backfill, if any). */
  started: Promise<void> = Promise.resolve();

  constructor(private readonly options: HistoryServiceOptions) {
    this.store = this.open();
    this.followed = new FollowedDevices(
      options.device,
      options.tz,
      () => this.store,
      (fleet, serial, device, recorder) => this.onUpdate(fleet, serial, device, recorder),
    );
  }

  get device(): string {
    return this.options.device;
  }

  get db(): HistoryStore {
    return this.store;
  }

  get retentionDays(): number {
    return this.options.retentionDays;
  }

  /** The local calendar of the configured time zone, or of a followed device's. */
  calendar(device: string = this.options.device): LocalCalendar {
    return this.followed.calendar(device);
  }

  /** Run a query; a damaged file found on the way is moved aside (and the error rethrown). */
  read<T>(
    present: readonly string[],
    query: (ctx: QueryContext) => T,
    device: string = this.options.device,
  ): T {
    try {
      return query({
        store: this.store,
        device,
        calendar: this.calendar(device),
        present,
      });
    } catch (error) {
      if (isCorruption(error)) this.failed('read', error);
      throw error;
    }
  }

  /**
   * Backfill an empty history with demo days, then follow the fleet's polls. Starts on the
   * next turn of the event loop, so the listener binds first and answers while the days are
   * written (the backfill yields after each day).
   */
  start(fleet: RecordedFleet, demo: BackfillOptions | null): Promise<void> {
    // A backfill writes today's grid row up to now: live readings would overwrite it.
    this.gridWaits = demo !== null && demo.days > 0;
    this.started = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.closed) return;
      if (demo && demo.days > 0 && this.store.isEmpty()) {
        const { store, options } = this;
        this.backfilling = true;
        // Reports its own failure: live recording starts in any case.
        await reportedBackfill(
          store,
          options.device,
          this.calendar(),
          demo,
          () => this.closed,
          options.log,
        );
        this.backfilling = false;
      }
      if (this.closed) return;
      this.attach(fleet);
      this.gridWaits = false;
      if (this.pendingGrid) this.followGrid(this.pendingGrid);
      this.pendingGrid = null;
    })();
    return this.started;
  }

  /** Follow the fleet's polls; flush every few seconds and apply retention hourly. */
  attach(fleet: RecordedFleet): void {
    this.followed.attachMain(fleet);
    this.prune();
    this.timers.push(
      setInterval(() => this.flush(), this.options.flushMs ?? 5_000),
      setInterval(() => this.prune(), HOUR_MS),
    );
    for (const timer of this.timers) timer.unref();
  }

  /**
   * Records a further device's polls beside the main one, its days by `tz`; a device already
   * followed is left as it is, and the main one re-added takes its new source.
   */
  follow(fleet: RecordedFleet, tz: () => string): void {
    if (!this.closed) this.followed.follow(fleet, tz);
  }

  /**
   * Records the grid meter's readings (issue 35): import and export per bucket and day, beside
   * the production, from usable readings only. One meter per gateway: a meter followed
   * replaces the one before; during a demo backfill it is followed once the days are written.
   */
  followGrid(meter: RecordedGridMeter): void {
    if (this.closed) return;
    if (this.gridWaits) {
      this.pendingGrid = meter;
      return;
    }
    this.gridDetach?.();
    const listener = (reading: GridReading) => this.onGridReading(meter, reading);
    meter.on('reading', listener);
    this.gridDetach = () => meter.off('reading', listener);
  }

  /** Stops recording a followed device (removed); what it recorded is written and stays. */
  unfollow(device: string): void {
    if (!this.followed.isFurther(device)) return;
    this.flush();
    this.followed.unfollow(device);
  }

  /** Write buffered polls now (a timer, a finished bucket, shutdown). */
  flush(): void {
    this.flushQueued = false;
    if (!this.recording || this.closed) return;
    for (const recorder of this.followed.recorders()) {
      this.guard('write', () => recorder.flush());
    }
    this.guard('write', () => this.grid.flush());
  }

  /** Drop buckets older than the retention; daily rows stay forever. */
  prune(): void {
    if (!this.recording || this.closed) return;
    const cutoff = bucketStart(this.options.now() - this.options.retentionDays * DAY_MS);
    this.guard('retention', () => {
      const removed = this.store.prune(cutoff);
      if (removed > 0) this.options.log(`History: ${removed} bucket(s) past retention removed`);
    });
  }

  /** Flush and close (app.close(): graceful shutdown, reboot). */
  close(): void {
    if (this.closed) return;
    this.flush();
    // A backfill cut short: its simulated counters must not be credited against the live ones.
    if (this.backfilling) {
      this.guard('backfill', () => this.store.clearCounters(this.options.device));
    }
    this.closed = true;
    this.followed.detachAll();
    this.gridDetach?.();
    for (const timer of this.timers) clearInterval(timer);
    this.store.close();
  }

  private onUpdate(
    fleet: RecordedFleet,
    serial: string,
    device: string,
    recorder: HistoryRecorder,
  ): void {
    if (!this.recording || this.closed) return;
    try {
      const state = fleet.inverterState(serial);
      const sample = state && sampleOf(state, this.options.now());
      if (!state || !sample) return;
      // An update without a new packet (a limit read) or zeroing would repeat the last poll.
      const packet = `${state.lastUpdateUptime}|${sample.acW}`;
      const key = `${device} ${serial}`;
      if (this.lastPacket.get(key) === packet) return;
      this.lastPacket.set(key, packet);
      const live = state.live;
      const strings = Object.keys(live.DC)
        .sort((a, b) => Number(a) - Number(b))
        .map((k) => live.DC[k]?.name.u ?? '');
      recorder.record(serial, live.name, strings, sample);
      // A finished bucket goes to disk soon, outside the simulation step.
      if (recorder.hasFinished() && !this.flushQueued) {
        this.flushQueued = true;
        setImmediate(() => this.flush());
      }
    } catch (error) {
      this.failed('record', error);
    }
  }

  private onGridReading(meter: RecordedGridMeter, reading: GridReading): void {
    if (!this.recording || this.closed) return;
    try {
      const energy = meter.energy();
      this.grid.record(reading.power_w, reading.at, {
        importWh: energy.import_wh,
        exportWh: energy.export_wh,
      });
      if (this.grid.hasFinished() && !this.flushQueued) {
        this.flushQueued = true;
        setImmediate(() => this.flush());
      }
    } catch (error) {
      this.failed('record', error);
    }
  }

  private guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.failed(what, error);
    }
  }

  private failed(what: string, error: unknown): void {
    const code = sqliteCode(error);
    if (/^SQLITE_(FULL|IOERR)/.test(code)) {
      this.recording = false;
      for (const recorder of this.followed.recorders()) recorder.reset();
      this.grid.reset();
      this.options.log(
        `History recording stopped: the disk is full (${code}); stored history stays readable`,
      );
    } else if (isCorruption(error)) {
      this.store.close();
      this.store = HistoryStore.open(this.options.dir, this.options.log, { forceAside: true });
      this.followed.renewRecorders();
      this.grid.reset();
    } else {
      this.options.log(`History ${what} failed: ${(error as Error).message}`);
    }
  }

  private open(): HistoryStore {
    return HistoryStore.open(this.options.dir, this.options.log, {
      ...(this.options.maxPageCount ? { maxPageCount: this.options.maxPageCount } : {}),
    });
  }
}
