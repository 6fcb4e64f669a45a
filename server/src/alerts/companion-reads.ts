import type { EventEntry } from '@heliodtu/contract/domain/alert-faults';
import type { CommandStatus } from '@heliodtu/contract/limit';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { RelayResult } from '../device/relay/device-relay.js';
import { EVENT_LOG_TURN_MS } from './alerts-options.js';

/** Command results are read this often (ms); the relay shares the answer with browsers polling. */
export const COMMAND_READ_MS = 10_000;

const COMMAND_STATUSES: readonly CommandStatus[] = ['Ok', 'Pending', 'Failure', 'Unknown'];

export interface CompanionReadsOptions {
  /** The device as registered now (a replaced device's new companion), or undefined once gone. */
  companion: () => DeviceCompanion | undefined;
  /** Event logs are read in daylight only: at night the inverters sleep and the log is still. */
  daylight: () => boolean;
  eventLogTurnMs?: number;
  commandReadMs?: number;
}

/**
 * What the alert rules need from a companion's device besides live data: the command results
 * (/api/limit/status, /api/power/status) and the inverters' event logs
 * (/api/eventlog/status?inv=…, one inverter per turn). Every read goes through the device's relay
 * line (at most 4 in flight), so the alerts never crowd out the browsers; a busy or away device
 * is simply asked again next time, keeping what was last read.
 */
export class CompanionAlertReads {
  private readonly limit = new Map<string, CommandStatus>();
  private readonly power = new Map<string, CommandStatus>();
  private readonly events = new Map<string, readonly EventEntry[]>();
  private readonly timers: NodeJS.Timeout[] = [];
  private turn = 0;
  private readingEvents = false;
  private readingCommands = false;

  constructor(private readonly options: CompanionReadsOptions) {}

  start(): void {
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(() => void task(), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.commandReadMs ?? COMMAND_READ_MS, () => this.readCommands());
    every(this.options.eventLogTurnMs ?? EVENT_LOG_TURN_MS, () => this.readNextEventLog());
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }

  commandStatus(serial: string): { limit: CommandStatus | null; power: CommandStatus | null } {
    return { limit: this.limit.get(serial) ?? null, power: this.power.get(serial) ?? null };
  }

  eventLog(serial: string): readonly EventEntry[] | null {
    return this.events.get(serial) ?? null;
  }

  /** Reads both command results once (also called by the tests' own clock). */
  async readCommands(): Promise<void> {
    const companion = this.usable();
    if (!companion || this.readingCommands) return;
    this.readingCommands = true;
    try {
      const [limit, power] = await Promise.all([
        companion.relay.cachedGet('/api/limit/status'),
        companion.relay.cachedGet('/api/power/status'),
      ]);
      readStatuses(limit, 'limit_set_status', this.limit);
      readStatuses(power, 'power_set_status', this.power);
    } finally {
      this.readingCommands = false;
    }
  }

  /** Reads the next inverter's event log, in daylight only. */
  async readNextEventLog(): Promise<void> {
    const companion = this.usable();
    if (!companion || this.readingEvents || !this.options.daylight()) return;
    const serials = companion.live.inverterSerials();
    if (serials.length === 0) return;
    const serial = serials[this.turn++ % serials.length]!;
    this.readingEvents = true;
    try {
      const result = await companion.relay.forward(
        'GET',
        `/api/eventlog/status?inv=${encodeURIComponent(serial)}`,
      );
      const entries = eventEntriesOf(result);
      if (entries) this.events.set(serial, entries);
    } finally {
      this.readingEvents = false;
    }
  }

  /** The device, when there is one that answers: an away device is not asked. */
  private usable(): DeviceCompanion | undefined {
    const companion = this.options.companion();
    return companion && companion.awaySince === undefined ? companion : undefined;
  }
}

function jsonOf(result: RelayResult): unknown {
  if (!result.ok || result.status !== 200) return undefined;
  try {
    return JSON.parse(result.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** `{ "<serial>": { "<field>": "Ok" | … } }` into `into` (replacing it); anything else keeps it. */
function readStatuses(
  result: RelayResult,
  field: 'limit_set_status' | 'power_set_status',
  into: Map<string, CommandStatus>,
): void {
  const body = jsonOf(result);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  into.clear();
  for (const [serial, entry] of Object.entries(body as Record<string, unknown>)) {
    const status = (entry as Record<string, unknown> | null)?.[field];
    if (COMMAND_STATUSES.includes(status as CommandStatus))
      into.set(serial, status as CommandStatus);
  }
}

/** The entries of an event-log answer (`{}` for an unknown serial: none), or null when unusable. */
function eventEntriesOf(result: RelayResult): EventEntry[] | null {
  const body = jsonOf(result) as { events?: unknown } | undefined;
  if (typeof body !== 'object' || body === null) return null;
  if (!Array.isArray(body.events)) return [];
  return body.events.flatMap((entry: unknown) => {
    const e = entry as Partial<Record<keyof EventEntry, unknown>> | null;
    const numbers = [e?.message_id, e?.start_time, e?.end_time];
    if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return [];
    return [
      {
        message_id: e!.message_id as number,
        start_time: e!.start_time as number,
        end_time: e!.end_time as number,
      },
    ];
  });
}
