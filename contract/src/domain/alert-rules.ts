import {
  WEAK_STRING_DEFAULTS,
  weakSince,
  type WeakStringOptions,
  type WeakStringTracks,
} from './weak-strings.js';

/**
 * Alerts (issue 28): what raises one, and when it opens and clears. Pure and zod-free, so the
 * gateway's evaluator and the interface share it. The gateway feeds `stepAlerts` the conditions
 * that hold now (worked out by the functions below from live data, the event log, command
 * results, the clock, the radio and the history recorder) every few seconds; the tracker turns
 * them into alerts that open only after their kind's delay and clear only once the condition has
 * been gone for the hold-off, so a flapping connection gives one alert, not twenty.
 */

export const ALERT_KINDS = [
  'inverter-unreachable',
  'inverter-silent',
  'weak-string',
  'event-fault',
  'command-failed',
  'device-away',
  'radio-missing',
  'clock-unsynced',
  'history-stopped',
  // Grid meter and export control (issue 35): the gateway's own subject (device 'local' on a
  // simulated gateway; on a companion the first device's id); control-unconfirmed names an inverter.
  'meter-lost',
  'meter-implausible',
  'control-unconfirmed',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

const MINUTE = 60_000;

/** How long a condition must hold before its alert opens (ms). */
export const ALERT_RAISE_AFTER_MS: Readonly<Record<AlertKind, number>> = {
  // "Does not answer for 15 minutes of daylight": the condition only holds in daylight.
  'inverter-unreachable': 15 * MINUTE,
  'inverter-silent': 15 * MINUTE,
  // The weak-string rule holds for 30 minutes itself (weak-strings.ts).
  'weak-string': 0,
  'event-fault': 0,
  'command-failed': 0,
  'device-away': 5 * MINUTE,
  // A radio module missing at boot stays missing; a minute keeps a slow start quiet.
  'radio-missing': MINUTE,
  'clock-unsynced': 60 * MINUTE,
  'history-stopped': 0,
  // Staleness already waited for `stale_after_s`, implausibility for a minute.
  'meter-lost': 0,
  'meter-implausible': 0,
  'control-unconfirmed': 0,
};

/** An open alert clears once its condition has been gone this long (ms). */
export const ALERT_HOLD_OFF_MS = 10 * MINUTE;

/** Cleared alerts listed besides the open ones (the last 30 days). */
export const ALERT_RECENT_DAYS = 30;

/** What an alert is about: a device, one of its inverters, or one string of an inverter. */
export interface AlertSubject {
  /** The device id ('local' for the simulated fleet, a companion's device id). */
  readonly device: string;
  /** Inverter serial (12 hex digits), or null for the device itself. */
  readonly serial: string | null;
  /** DC input, 0-based as live data's `DC` keys, or null. */
  readonly string: number | null;
  /** Event-log message id (event-fault), or null. */
  readonly code: number | null;
  /** Which command failed (command-failed), or null. */
  readonly command: 'limit' | 'power' | null;
}

/** A condition that holds now. */
export interface AlertCondition {
  readonly kind: AlertKind;
  readonly subject: AlertSubject;
  /** When the condition began, when the source knows (a device away since…); else now. */
  readonly since?: number;
  /** Tells apart two occurrences with the same subject (an event-log entry's start). */
  readonly instance?: string;
}

export const subjectOf = (
  device: string,
  parts: Partial<Omit<AlertSubject, 'device'>> = {},
): AlertSubject => ({
  device,
  serial: parts.serial ?? null,
  string: parts.string ?? null,
  code: parts.code ?? null,
  command: parts.command ?? null,
});

/** One key per alert: kind, subject and occurrence. Two conditions with one key are one alert. */
export function alertKey(condition: Pick<AlertCondition, 'kind' | 'subject' | 'instance'>): string {
  const s = condition.subject;
  return [
    condition.kind,
    s.device,
    s.serial ?? '',
    s.string ?? '',
    s.code ?? '',
    s.command ?? '',
    condition.instance ?? '',
  ].join('|');
}

/** What the tracker remembers of one condition. */
export interface TrackedAlert {
  readonly key: string;
  readonly kind: AlertKind;
  readonly subject: AlertSubject;
  /** When the condition began (the alert's first-seen time). */
  readonly since: number;
  /** When the alert opened, or null while it waits for its kind's delay. */
  readonly raisedAt: number | null;
  /** Since when the condition is gone (the hold-off runs), or null while it holds. */
  readonly goneSince: number | null;
}

export type AlertTrackerState = Readonly<Record<string, TrackedAlert>>;

export interface AlertStep {
  readonly state: AlertTrackerState;
  /** Alerts that opened in this step. */
  readonly opened: readonly TrackedAlert[];
  /** Alerts that cleared in this step; `goneSince` is when the condition ended. */
  readonly cleared: readonly TrackedAlert[];
}

export interface AlertTiming {
  readonly holdOffMs: number;
  readonly raiseAfterMs: Readonly<Record<AlertKind, number>>;
}

export const ALERT_TIMING: AlertTiming = {
  holdOffMs: ALERT_HOLD_OFF_MS,
  raiseAfterMs: ALERT_RAISE_AFTER_MS,
};

/**
 * One evaluation at `now` (ms) with every condition that holds now. A condition that lapses
 * before its alert opened starts afresh next time; an open alert whose condition returns within
 * the hold-off continues, unchanged.
 */
export function stepAlerts(
  state: AlertTrackerState,
  conditions: readonly AlertCondition[],
  now: number,
  timing: AlertTiming = ALERT_TIMING,
): AlertStep {
  const next: Record<string, TrackedAlert> = {};
  const opened: TrackedAlert[] = [];
  const cleared: TrackedAlert[] = [];
  const present = new Set<string>();
  for (const condition of conditions) {
    const key = alertKey(condition);
    if (present.has(key)) continue;
    present.add(key);
    const known = state[key];
    let tracked: TrackedAlert = known
      ? { ...known, goneSince: null }
      : {
          key,
          kind: condition.kind,
          subject: condition.subject,
          since: Math.min(condition.since ?? now, now),
          raisedAt: null,
          goneSince: null,
        };
    if (tracked.raisedAt === null && now - tracked.since >= timing.raiseAfterMs[tracked.kind]) {
      tracked = { ...tracked, raisedAt: now };
      opened.push(tracked);
    }
    next[key] = tracked;
  }
  for (const [key, tracked] of Object.entries(state)) {
    if (present.has(key) || tracked.raisedAt === null) continue;
    const goneSince = tracked.goneSince ?? now;
    if (now - goneSince >= timing.holdOffMs) cleared.push({ ...tracked, goneSince });
    else next[key] = { ...tracked, goneSince };
  }
  return { state: next, opened, cleared };
}

/** Open alerts read back from storage: tracked as raised, their hold-off not yet running. */
export function trackerOf(
  open: readonly Pick<TrackedAlert, 'key' | 'kind' | 'subject' | 'since' | 'raisedAt'>[],
): AlertTrackerState {
  return Object.fromEntries(open.map((a) => [a.key, { ...a, goneSince: null }]));
}

//-- Conditions from what the gateway knows

/** One inverter as its live data shows it. */
export interface InverterFacts {
  readonly serial: string;
  readonly pollEnabled: boolean;
  readonly reachable: boolean;
  readonly producing: boolean;
}

/**
 * Unreachable and silent inverters of one device. `daylight`: the sun is high enough that every
 * inverter is awake (the gateway decides; at night nothing is raised). While the radio is
 * missing no inverter can answer: that one alert says it, not one per inverter.
 */
export function inverterConditions(
  device: string,
  inverters: readonly InverterFacts[],
  context: { daylight: boolean; radioProblem: boolean },
): AlertCondition[] {
  if (!context.daylight) return [];
  const out: AlertCondition[] = [];
  for (const inv of inverters) {
    if (!inv.pollEnabled) continue;
    if (!inv.reachable) {
      if (!context.radioProblem) {
        out.push({
          kind: 'inverter-unreachable',
          subject: subjectOf(device, { serial: inv.serial }),
        });
      }
      continue;
    }
    const othersProduce = inverters.some(
      (o) => o.serial !== inv.serial && o.pollEnabled && o.reachable && o.producing,
    );
    if (!inv.producing && othersProduce) {
      out.push({ kind: 'inverter-silent', subject: subjectOf(device, { serial: inv.serial }) });
    }
  }
  return out;
}

/** The gateway's own state. Null fields are not known on this gateway and raise nothing. */
export interface GatewayFacts {
  readonly device: string;
  /** Live data's `hints.time_sync`: true while the clock is NOT synchronised. */
  readonly clockUnsynced: boolean | null;
  /** Live data's `hints.radio_problem`. */
  readonly radioProblem: boolean | null;
  /** A companion's device: epoch ms since when it does not answer, else null. */
  readonly deviceAwaySince: number | null;
  /** The history recorder: false once it stopped (full disk); null without a history. */
  readonly historyRecording: boolean | null;
}

export function gatewayConditions(facts: GatewayFacts): AlertCondition[] {
  const subject = subjectOf(facts.device);
  const out: AlertCondition[] = [];
  if (facts.deviceAwaySince !== null) {
    out.push({ kind: 'device-away', subject, since: facts.deviceAwaySince });
  }
  if (facts.radioProblem) out.push({ kind: 'radio-missing', subject });
  if (facts.clockUnsynced) out.push({ kind: 'clock-unsynced', subject });
  if (facts.historyRecording === false) out.push({ kind: 'history-stopped', subject });
  return out;
}

/** Every string the weak-string rule flags now, from its tracks (keys `<serial>:<channel>`). */
export function weakStringConditions(
  device: string,
  tracks: WeakStringTracks,
  options: WeakStringOptions = WEAK_STRING_DEFAULTS,
): AlertCondition[] {
  const out: AlertCondition[] = [];
  for (const [key, track] of Object.entries(tracks)) {
    const since = weakSince(track, options);
    if (since === null) continue;
    const [serial = '', channel = ''] = key.split(':');
    out.push({
      kind: 'weak-string',
      subject: subjectOf(device, { serial, string: Number(channel) }),
      since,
    });
  }
  return out;
}
