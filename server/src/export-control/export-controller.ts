import { EventEmitter } from 'node:events';
import type {
  ExportControlConfig,
  ExportControlSet,
  ExportControlState,
  ExportControlStatus,
} from '@heliodtu/contract/export-control';
import { subjectOf, type AlertCondition } from '@heliodtu/contract/domain/alert-rules';
import { inDailyWindow } from '@heliodtu/contract/domain/export-control-decide';
import { EXPORT_CONTROL_CONFIRM_TIMEOUT_MS } from '@heliodtu/contract/limits';
import type { GridMeterPort, GridMeterReading } from '../grid-meter/grid-meter-port.js';
import type {
  ExportControlEvents,
  ExportControlPort,
  InverterFleetPort,
} from './export-control-port.js';
import { ExportControlSeries } from './export-control-series.js';
import { processMinutes } from './local-minutes.js';
import { controlSentence } from './export-control-sentence.js';
import {
  candidateOf,
  earlyDirection,
  regulate,
  type Candidate,
} from './export-control-regulate.js';
import { GovernedTracker, type FleetView } from './governed-tracker.js';
import { isPresent, recordKey } from './governed-record.js';

export interface ExportControlSettingsStore {
  get(): ExportControlConfig;
  save(next: ExportControlConfig): Promise<void>;
}

export interface ExportControllerDeps {
  readonly fleet: InverterFleetPort;
  readonly meter: GridMeterPort;
  readonly settings: ExportControlSettingsStore;
  readonly log: (line: string) => void;
  /** Minutes after local midnight of a gateway time (the daily window); default the process's zone. */
  readonly localMinutes?: (ms: number) => number;
}

/** stop() waits this long at most for the limits it gives back (a shutdown must not hang). */
const STOP_BOUND_MS = 3_000;

/**
 * Export control's loop (docs/power-control.md §3): one decision per step() on the gateway's
 * clock. It only ever sends temporary limits (the fleet port has no other command), gives the
 * governed inverters their fallback whenever it cannot see the grid, and gives back what it
 * took over whenever it lets go.
 */
export class ExportController
  extends EventEmitter<ExportControlEvents>
  implements ExportControlPort
{
  private cfg: ExportControlConfig;
  private readonly tracker: GovernedTracker;
  private readonly series = new ExportControlSeries();
  private running = false;
  /** Started with control on: fallback limits first, until they settle or this time passes. */
  private startingUntil: number | null = null;
  private state: ExportControlState = 'off';
  private waitingFor: string[] = [];
  /** The grid power the last decision saw (the sentence words that decision). */
  private decidedGrid: number | null = null;

  constructor(private readonly deps: ExportControllerDeps) {
    super();
    this.cfg = deps.settings.get();
    this.tracker = new GovernedTracker(deps.fleet, deps.log, () => this.cfg);
    this.tracker.sync(this.cfg.inverters, []);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.cfg.enabled) this.startingUntil = this.now() + EXPORT_CONTROL_CONFIRM_TIMEOUT_MS;
    this.step();
  }

  /** One decision at fleet.now(). */
  step(): void {
    if (!this.running) return;
    const now = this.now();
    const before = this.signature();
    const fleet = this.fleetView();
    const reading = this.deps.meter.configured() ? this.deps.meter.usable() : null;
    const state = this.decide(now, fleet, reading);
    this.decidedGrid = reading?.power_w ?? null;
    if (state !== this.state) this.deps.log(`Export control: ${state.replace('_', ' ')}`);
    this.state = state;
    this.series.offer({
      t: now,
      grid_w: reading?.power_w ?? null,
      production_w: this.production(fleet),
      target_w: this.active() ? this.cfg.target_w : null,
      limit_w: this.limitSum(fleet),
    });
    if (this.signature() !== before) this.emit('changed');
  }

  /** Stops and gives every inverter control holds its limit back (bounded to ~3 s). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.tracker.releaseAll(this.cfg.inverters, 'The gateway stopped: its own limit given back');
    let timer: NodeJS.Timeout | undefined;
    // A wall-clock bound, not a control timer: the process is going away.
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_BOUND_MS);
      timer.unref();
    });
    await Promise.race([this.tracker.settledSends(), bound]);
    clearTimeout(timer);
  }

  /** Reads the settings again (after they were saved): gives back inverters no longer governed. */
  reload(): void {
    const previous = this.cfg.inverters;
    this.cfg = this.deps.settings.get();
    this.tracker.sync(this.cfg.inverters, previous);
    if (!this.cfg.enabled) this.startingUntil = null;
    this.emit('changed');
    this.step();
  }

  config(): ExportControlConfig {
    return structuredClone(this.cfg);
  }

  async set(change: ExportControlSet): Promise<void> {
    const next = { ...this.cfg };
    if (change.enabled !== undefined) next.enabled = change.enabled;
    if (change.target_w !== undefined) next.target_w = change.target_w;
    await this.deps.settings.save(next);
    this.reload();
  }

  manualLimit(device: string, serial: string): void {
    if (!this.active()) return;
    if (this.tracker.pause(recordKey(device, serial), this.now())) this.emit('changed');
  }

  /** Governed inverters that did not confirm a limit in time (at their fallback now). */
  unconfirmed(): { device: string; serial: string }[] {
    return this.tracker.unconfirmed(this.now()).map(({ device, serial }) => ({ device, serial }));
  }

  /** The alert conditions control raises: 'control-unconfirmed', one per such inverter. */
  alertConditions(): AlertCondition[] {
    return this.tracker.unconfirmed(this.now()).map(({ device, serial, since }) => ({
      kind: 'control-unconfirmed',
      subject: subjectOf(device, { serial }),
      since,
    }));
  }

  status(): ExportControlStatus {
    const fleet = this.fleetView();
    const reading = this.deps.meter.configured() ? this.deps.meter.usable() : null;
    const inverters = this.tracker.statuses(this.cfg.inverters, fleet);
    const names = (state: string) => inverters.filter((i) => i.state === state).map((i) => i.name);
    return {
      enabled: this.cfg.enabled,
      state: this.state,
      target_w: this.cfg.target_w,
      grid_w: reading?.power_w ?? null,
      production_w: this.production(fleet),
      limit_w: this.limitSum(fleet),
      sentence: controlSentence({
        state: this.state,
        config: this.cfg,
        grid_w: this.decidedGrid,
        waitingFor: this.waitingFor,
        paused: names('paused_manual'),
        away: names('away'),
        limitUnknown: names('limit_unknown'),
        governable: inverters.filter((i) => i.state !== 'away' && i.state !== 'limit_unknown')
          .length,
      }),
      inverters,
      series: this.series.list(),
      now: this.now(),
    };
  }

  private decide(
    now: number,
    fleet: FleetView,
    reading: GridMeterReading | null,
  ): ExportControlState {
    const cfg = this.cfg;
    this.waitingFor = [];
    if (!cfg.enabled) {
      this.tracker.releaseAll(cfg.inverters, 'Control is off: its own limit given back');
      return 'off';
    }
    if (cfg.window.enabled && !this.inWindow(now)) {
      this.tracker.releaseAll(cfg.inverters, 'Outside the daily window: its own limit given back');
      this.startingUntil = null;
      return 'outside_window';
    }
    if (cfg.inverters.length === 0) return 'no_inverters';
    const candidates = this.candidates(now, fleet, reading);
    if (reading === null) {
      for (const c of candidates) {
        this.tracker.toFallback(c, now, 'The meter gives no usable reading: at its fallback limit');
      }
      return 'meter_lost';
    }
    if (this.startingUntil !== null) {
      for (const c of candidates) {
        this.tracker.toFallback(c, now, 'Starting: at its fallback limit first');
      }
      // Every governed inverter seen and settled at its fallback (or the start took too long).
      const settled =
        candidates.length === cfg.inverters.length && candidates.every((c) => c.record.settled);
      if (!settled && now < this.startingUntil) {
        this.waitingFor = this.tracker.waitingFor(candidates);
        return 'starting';
      }
      this.startingUntil = null;
    }
    const unsettled = candidates.filter((c) => !c.record.settled);
    const early = unsettled.length > 0 ? earlyDirection(cfg, reading, unsettled) : 0;
    if (unsettled.length > 0 && early === 0) {
      // OnBattery's rule: nothing changes until every change made has shown in the meter.
      this.waitingFor = this.tracker.waitingFor(unsettled);
      return 'waiting';
    }
    const decision = regulate(candidates, reading.power_w, cfg, now, early);
    for (const { candidate, watts } of decision.commands) {
      this.tracker.command(candidate, watts, now);
    }
    return decision.state;
  }

  /** The governed inverters control may change now; the others get their state here. */
  private candidates(now: number, fleet: FleetView, reading: GridMeterReading | null): Candidate[] {
    const result: Candidate[] = [];
    for (const governed of this.cfg.inverters) {
      const inverter = fleet.get(recordKey(governed.device, governed.serial));
      const record = this.tracker.observe(governed, inverter, now, reading);
      if (record && isPresent(inverter)) result.push(candidateOf(record, inverter, governed));
    }
    return result;
  }

  private inWindow(now: number): boolean {
    const minutes = (this.deps.localMinutes ?? processMinutes)(now);
    return inDailyWindow(minutes, this.cfg.window.start, this.cfg.window.end);
  }

  private active(): boolean {
    return this.running && this.cfg.enabled && this.state !== 'outside_window';
  }

  private fleetView(): FleetView {
    return new Map(this.deps.fleet.inverters().map((i) => [recordKey(i.device, i.serial), i]));
  }

  private production(fleet: FleetView): number {
    let sum = 0;
    for (const inverter of fleet.values()) sum += Math.max(0, inverter.power_w ?? 0);
    return sum;
  }

  private limitSum(fleet: FleetView): number | null {
    if (!this.active() || this.cfg.inverters.length === 0) return null;
    return this.tracker.limitSum(this.cfg.inverters, fleet);
  }

  private signature(): string {
    return `${this.cfg.enabled}|${this.cfg.target_w}|${this.state}|${this.tracker.signature()}`;
  }

  private now(): number {
    return this.deps.fleet.now();
  }
}
