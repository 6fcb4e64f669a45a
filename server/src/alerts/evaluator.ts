import { EventEmitter } from 'node:events';
import {
  ALERT_RECENT_DAYS,
  alertKey,
  gatewayConditions,
  inverterConditions,
  stepAlerts,
  trackerOf,
  weakStringConditions,
  type AlertCondition,
  type AlertTrackerState,
  type InverterFacts,
  type TrackedAlert,
} from '@heliodtu/contract/domain/alert-rules';
import {
  commandConditions,
  eventFaultConditions,
  type EventEntry,
} from '@heliodtu/contract/domain/alert-faults';
import type { CommandStatus } from '@heliodtu/contract/limit';
import {
  EMPTY_WEAK_STRING_STATE,
  feedWeakStrings,
  stringInputsOf,
  type WeakStringState,
} from '@heliodtu/contract/domain/weak-string-groups';
import type { Hints, LiveInverterFull } from '@heliodtu/contract/live-data';
import type { AlertRecord, AlertRowsApi } from '../history/alert-rows.js';
import type { AlertNames } from './alert-text.js';

/**
 * What the evaluator reads, the same on the simulated gateway and on a companion: live data
 * through the socket fan-out's LiveSource interface, and whatever else the gateway knows (absent
 * parts raise nothing).
 */
export interface AlertSources {
  readonly device: string;
  inverterSerials(): string[];
  liveData(serial: string): { inverters: readonly unknown[]; hints?: Hints };
  /** Gateway clock, ms. */
  now(): number;
  /** The sun is high enough that every inverter is awake. */
  daylight(now: number): boolean;
  eventLog?(serial: string): readonly EventEntry[] | null;
  commandStatus?(serial: string): { limit: CommandStatus | null; power: CommandStatus | null };
  /** Live data's hints without an inverter to ask (the simulated DTU knows them anyway). */
  hints?(): Hints;
  /** A companion's device: since when it does not answer (ms), else null. */
  deviceAwaySince?(): number | null;
  /** The history recorder: false once stopped; null without history. */
  historyRecording(): boolean | null;
  /** Conditions of other services (extra-conditions.ts) whose subject is this device. */
  extraConditions?(now: number, device: string): AlertCondition[];
}

interface EvaluatorEvents {
  opened: [AlertRecord];
  cleared: [AlertRecord];
}

const DAY_MS = 86_400_000;

/**
 * Runs the alert rules every few seconds and keeps the alerts in the rows (the history database,
 * or memory): 'opened' and 'cleared' once per alert, also across restarts (open alerts are read
 * back and continue).
 */
export class AlertEvaluator extends EventEmitter<EvaluatorEvents> implements AlertNames {
  private tracker: AlertTrackerState = {};
  private weak: WeakStringState = EMPTY_WEAK_STRING_STATE;
  /** Keys of event-log entries already raised (ended entries raise once). */
  private readonly announced = new Set<string>();
  private readonly ids = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly names = new Map<string, { name: string; strings: string[] }>();

  constructor(
    private readonly sources: AlertSources,
    private readonly rows: () => AlertRowsApi,
    private readonly log: (line: string) => void,
  ) {
    super();
    const rows0 = rows();
    const open = rows0.open().filter((r) => r.device === sources.device);
    this.tracker = trackerOf(
      open.map((r) => ({
        key: r.key,
        kind: r.kind,
        subject: {
          device: r.device,
          serial: r.serial,
          string: r.string,
          code: r.code,
          command: r.command,
        },
        since: r.firstSeen,
        raisedAt: r.opened,
      })),
    );
    for (const r of open) this.ids.set(r.key, r.id);
    // Event entries raised in the last two days are not raised again after a restart.
    for (const r of rows0.openedSince(sources.now() - 2 * DAY_MS)) {
      if (r.kind === 'event-fault') this.announced.add(r.key);
    }
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.evaluate(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  inverter(serial: string): string {
    return this.names.get(serial)?.name ?? '';
  }

  string(serial: string, index: number): string {
    return this.names.get(serial)?.strings[index] ?? '';
  }

  /** Every condition that holds now. */
  conditions(now: number): AlertCondition[] {
    const { sources } = this;
    const device = sources.device;
    const serials = sources.inverterSerials();
    const facts: InverterFacts[] = [];
    const conditions: AlertCondition[] = [];
    let hints: Hints | undefined = sources.hints?.();
    const awaySince = sources.deviceAwaySince?.() ?? null;
    for (const serial of serials) {
      const data = sources.liveData(serial);
      hints ??= data.hints;
      const live = data.inverters[0] as LiveInverterFull | undefined;
      if (!live) continue;
      this.names.set(serial, {
        name: live.name,
        strings: Object.keys(live.DC ?? {})
          .sort((a, b) => Number(a) - Number(b))
          .map((k) => live.DC[k]?.name.u ?? ''),
      });
      facts.push({
        serial,
        pollEnabled: live.poll_enabled,
        reachable: live.reachable,
        producing: live.producing,
      });
      // As the live view: only what a reachable inverter says is fed to the weak-string rule.
      if (awaySince === null && live.reachable && live.DC) {
        this.weak = feedWeakStrings(this.weak, serial, stringInputsOf(live.DC), now);
      }
      const events = sources.eventLog?.(serial);
      if (events) {
        const faults = eventFaultConditions(device, serial, events, this.announced);
        conditions.push(...faults);
        for (const c of faults) this.announced.add(alertKey(c));
      }
      const commands = sources.commandStatus?.(serial);
      if (commands) conditions.push(...commandConditions(device, serial, commands));
    }
    const radioProblem = hints?.radio_problem ?? null;
    conditions.push(
      ...gatewayConditions({
        device,
        clockUnsynced: hints ? hints.time_sync : null,
        radioProblem,
        deviceAwaySince: awaySince,
        historyRecording: sources.historyRecording(),
      }),
      ...(sources.extraConditions?.(now, device) ?? []),
    );
    // While the device is away its last frames say nothing new about its inverters.
    if (awaySince === null) {
      conditions.push(
        ...inverterConditions(device, facts, {
          daylight: sources.daylight(now),
          radioProblem: radioProblem === true,
        }),
        ...weakStringConditions(
          device,
          Object.fromEntries(
            Object.entries(this.weak.tracks).filter(([key]) =>
              serials.includes(key.split(':')[0] ?? ''),
            ),
          ),
        ),
      );
    }
    return conditions;
  }

  /** One evaluation: opens and clears alerts, stores them, tells the listeners. */
  evaluate(): void {
    try {
      const now = this.sources.now();
      const step = stepAlerts(this.tracker, this.conditions(now), now);
      this.tracker = step.state;
      for (const alert of step.opened) this.open(alert);
      for (const alert of step.cleared) this.clear(alert);
    } catch (error) {
      this.log(`Alerts: evaluation failed: ${(error as Error).message}`);
    }
  }

  private open(alert: TrackedAlert): void {
    const s = alert.subject;
    const record: Omit<AlertRecord, 'id'> = {
      key: alert.key,
      kind: alert.kind,
      device: s.device,
      serial: s.serial,
      string: s.string,
      code: s.code,
      command: s.command,
      firstSeen: alert.since,
      opened: alert.raisedAt ?? this.sources.now(),
      cleared: null,
    };
    const id = this.rows().insert(record);
    this.ids.set(alert.key, id);
    this.emit('opened', { ...record, id });
  }

  private clear(alert: TrackedAlert): void {
    const id = this.ids.get(alert.key);
    if (id === undefined) return;
    this.ids.delete(alert.key);
    const at = alert.goneSince ?? this.sources.now();
    const rows = this.rows();
    rows.clear(id, at);
    const record = rows.byId(id);
    if (record) this.emit('cleared', record);
  }

  /**
   * The device is gone (removed from the companion's devices): every open alert of it clears
   * now, none waits for the hold-off, since nothing will ever say its condition ended.
   */
  clearAll(at: number): void {
    const open = Object.values(this.tracker).filter((alert) => alert.raisedAt !== null);
    this.tracker = {};
    for (const alert of open) this.clear({ ...alert, goneSince: at });
  }

  openAlerts(): AlertRecord[] {
    return this.rows()
      .open()
      .filter((r) => r.device === this.sources.device);
  }

  recent(): AlertRecord[] {
    return this.rows().clearedSince(this.sources.now() - ALERT_RECENT_DAYS * DAY_MS);
  }
}
