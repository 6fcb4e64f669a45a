import { EventEmitter } from 'node:events';
import { ALERT_RECENT_DAYS } from '@heliodtu/contract/domain/alert-rules';
import type { AlertRecord, AlertRowsApi } from '../history/alert-rows.js';
import type { AlertNames } from './alert-text.js';
import { AlertEvaluator, type AlertSources } from './evaluator.js';

const DAY_MS = 86_400_000;

/** What runs beside one device's evaluator: a companion's reads of event logs and commands. */
export interface DeviceReads {
  start(): void;
  stop(): void;
}

interface Entry {
  evaluator: AlertEvaluator;
  reads: DeviceReads | undefined;
}

const NO_NAMES: AlertNames = { inverter: () => '', string: () => '' };

/**
 * One evaluator per device: the simulated fleet's one, or one per device behind a companion
 * (issue 27), added and removed with the devices. All keep their alerts in the same rows; the
 * alerts of a device removed clear at once (see docs/alerts.md).
 */
export class AlertEvaluators extends EventEmitter<{
  opened: [AlertRecord];
  cleared: [AlertRecord];
}> {
  private readonly devices = new Map<string, Entry>();
  private evaluateMs: number | undefined;

  constructor(
    private readonly rows: () => AlertRowsApi,
    /** Rows that always work: the evaluator's fallback when the stored ones cannot be read. */
    private readonly memory: () => AlertRowsApi,
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {
    super();
  }

  has(device: string): boolean {
    return this.devices.has(device);
  }

  /** Starts evaluating a device (at once when running); its open alerts are read back. */
  add(sources: AlertSources, reads?: DeviceReads): AlertEvaluator {
    this.remove(sources.device, false);
    let evaluator: AlertEvaluator;
    try {
      evaluator = new AlertEvaluator(sources, this.rows, this.log);
    } catch (error) {
      this.log(`Alerts: stored alerts unreadable: ${(error as Error).message}`);
      evaluator = new AlertEvaluator(sources, this.memory, this.log);
    }
    evaluator.on('opened', (record) => this.emit('opened', record));
    evaluator.on('cleared', (record) => this.emit('cleared', record));
    this.devices.set(sources.device, { evaluator, reads });
    if (this.evaluateMs !== undefined) {
      evaluator.start(this.evaluateMs);
      reads?.start();
    }
    return evaluator;
  }

  /**
   * Stops evaluating a device. `clear`: the device is gone for good, so its open alerts clear
   * now (nothing will ever say their conditions ended).
   */
  remove(device: string, clear = true): void {
    const entry = this.devices.get(device);
    if (!entry) return;
    this.devices.delete(device);
    entry.evaluator.stop();
    entry.reads?.stop();
    if (clear) entry.evaluator.clearAll(this.now());
    entry.evaluator.removeAllListeners();
  }

  /**
   * Open alerts of devices no longer there (removed while the gateway was off, or a data dir
   * moved from the simulator to a companion) clear at start, as a removal at run time does.
   */
  clearOthers(): void {
    const rows = this.rows();
    for (const record of rows.open()) {
      if (this.devices.has(record.device)) continue;
      rows.clear(record.id, this.now());
      const cleared = rows.byId(record.id);
      if (cleared) this.emit('cleared', cleared);
    }
  }

  evaluator(device: string): AlertEvaluator | undefined {
    return this.devices.get(device)?.evaluator;
  }

  /** One evaluation of every device. */
  evaluate(): void {
    for (const { evaluator } of this.devices.values()) evaluator.evaluate();
  }

  start(intervalMs: number): void {
    this.evaluateMs = intervalMs;
    for (const { evaluator, reads } of this.devices.values()) {
      evaluator.start(intervalMs);
      reads?.start();
    }
  }

  stop(): void {
    this.evaluateMs = undefined;
    for (const { evaluator, reads } of this.devices.values()) {
      evaluator.stop();
      reads?.stop();
    }
  }

  /** Open alerts of every device, oldest first. */
  openAlerts(): AlertRecord[] {
    return [...this.devices.values()]
      .flatMap(({ evaluator }) => evaluator.openAlerts())
      .sort((a, b) => a.opened - b.opened || a.id - b.id);
  }

  recent(): AlertRecord[] {
    return this.rows().clearedSince(this.now() - ALERT_RECENT_DAYS * DAY_MS);
  }

  /** Inverter and string names as the device's live data has them (a serial may be on two). */
  namesOf(device: string): AlertNames {
    return this.devices.get(device)?.evaluator ?? NO_NAMES;
  }
}
