import type {
  ExportControlConfig,
  GovernedInverter,
  GovernedStatus,
} from '@heliodtu/contract/export-control';
import { confirms, isManualChange } from '@heliodtu/contract/domain/export-control-decide';
import { EXPORT_CONTROL_CONFIRM_TIMEOUT_MS } from '@heliodtu/contract/limits';
import type { GridMeterReading } from '../grid-meter/grid-meter-port.js';
import type { GovernableInverter, InverterFleetPort } from './export-control-port.js';
import type { Candidate } from './export-control-regulate.js';
import {
  currentLimit,
  forgetRequest,
  isPending,
  isPresent,
  newRecord,
  noteRequest,
  joinNames,
  recordKey,
  setState as set,
  type GovernedRecord,
} from './governed-record.js';

export type FleetView = ReadonlyMap<string, GovernableInverter>;

/** After a limit it did not confirm: at its fallback this long, then tried again (not every 30 s). */
export const UNCONFIRMED_RETRY_MS = 10 * 60_000;

/** What control knows of each governed inverter, and the only place that sends limits. */
export class GovernedTracker {
  private readonly records = new Map<string, GovernedRecord>();
  private readonly sends = new Set<Promise<void>>();

  constructor(
    private readonly fleet: InverterFleetPort,
    private readonly log: (line: string) => void,
    private readonly config: () => ExportControlConfig,
  ) {}

  /** Follows the governed list: new inverters get a record, removed ones their limit back. */
  sync(governed: readonly GovernedInverter[], previous: readonly GovernedInverter[]): void {
    const keep = new Set(governed.map((g) => recordKey(g.device, g.serial)));
    const removed = previous.filter((g) => !keep.has(recordKey(g.device, g.serial)));
    this.releaseAll(removed, 'No longer governed: its own limit given back');
    for (const g of removed) this.records.delete(recordKey(g.device, g.serial));
    for (const key of keep) {
      const g = governed.find((x) => recordKey(x.device, x.serial) === key);
      if (g && !this.records.has(key)) this.records.set(key, newRecord(g.device, g.serial));
    }
  }

  /**
   * Brings one record up to date with what the inverter shows: take-over, confirmation,
   * timeout, manual change, pause. Answers the record when control may change it now.
   */
  observe(
    governed: GovernedInverter,
    inverter: GovernableInverter | undefined,
    now: number,
    reading: GridMeterReading | null,
  ): GovernedRecord | null {
    const record = this.records.get(recordKey(governed.device, governed.serial));
    if (!record) return null;
    if (!isPresent(inverter) || (!record.tookOver && inverter.readback_w === null)) {
      // Away: its pending command is dropped and nobody makes up for it.
      forgetRequest(record);
      if (inverter?.reachable) {
        set(
          record,
          'limit_unknown',
          'Its limit is not known yet: left alone until its device read it',
        );
      } else set(record, 'away', 'Its device or the inverter does not answer: left alone');
      return null;
    }
    if (!record.tookOver) {
      record.tookOver = true;
      record.takenOverW = inverter.readback_w;
      this.log(`Export control: took over ${inverter.name} at ${record.takenOverW ?? '?'} W`);
    }
    this.follow(record, governed, inverter, now, reading);
    if (record.pausedUntil !== null) {
      if (now < record.pausedUntil) return null;
      // Back under control: whatever limit the owner left is now the one control starts from.
      // taken_over_w stays the first take-over's: the pause is a detour, not a new owner's cap.
      record.pausedUntil = null;
      forgetRequest(record);
    }
    if (record.unconfirmedUntil !== null) {
      if (now < record.unconfirmedUntil) return null;
      record.unconfirmedUntil = null;
    }
    set(record, isPending(record) ? 'pending' : 'regulated', record.reason);
    return record;
  }

  private follow(
    record: GovernedRecord,
    governed: GovernedInverter,
    inverter: GovernableInverter,
    now: number,
    reading: GridMeterReading | null,
  ): void {
    const { requestedW, sentAt } = record;
    if (requestedW !== null && sentAt !== null && record.confirmedAt === null) {
      const readAt = inverter.readback_at;
      if (
        readAt !== null &&
        readAt >= sentAt &&
        confirms(inverter.readback_w, requestedW, inverter.max_power_w)
      ) {
        record.confirmedAt = Math.max(readAt, sentAt);
        record.confirmedW = requestedW;
      } else if (now - sentAt >= EXPORT_CONTROL_CONFIRM_TIMEOUT_MS) {
        this.unconfirmedCommand(record, governed, inverter, now);
      }
      return;
    }
    if (record.confirmedAt === null || record.confirmedW === null) return;
    const readAt = inverter.readback_at;
    if (readAt !== null && readAt > record.confirmedAt) {
      if (isManualChange(record.confirmedW, inverter.readback_w, inverter.max_power_w)) {
        this.log(`Export control: ${inverter.name}'s limit was changed outside control`);
        this.pause(recordKey(record.device, record.serial), now);
        return;
      }
    }
    const data = inverter.data_at;
    if (!record.settled && data !== null && data > record.confirmedAt && reading !== null) {
      record.settled = reading.at > data;
    }
  }

  private unconfirmedCommand(
    record: GovernedRecord,
    governed: GovernedInverter,
    inverter: GovernableInverter,
    now: number,
  ): void {
    const fallback = governed.fallback_w ?? governed.lower_w;
    this.log(
      `Export control: ${inverter.name} did not confirm ${record.requestedW ?? '?'} W within ${EXPORT_CONTROL_CONFIRM_TIMEOUT_MS / 1000} s: fallback ${fallback} W`,
    );
    const wasFallback = record.requestedW === fallback;
    record.unconfirmedUntil = now + UNCONFIRMED_RETRY_MS;
    forgetRequest(record);
    set(record, 'fallback', `Did not confirm a limit within 30 s: at its fallback limit`);
    // A fallback it did not confirm either is not sent again and again.
    if (!wasFallback) this.send(record, fallback, now);
  }

  /** Sends its fallback limit unless it is there or on its way. */
  toFallback(candidate: Candidate, now: number, reason: string): void {
    const { record, inverter, fallback_w } = candidate;
    set(record, 'fallback', reason);
    if (record.requestedW === fallback_w) return;
    if (
      record.requestedW === null &&
      confirms(inverter.readback_w, fallback_w, inverter.max_power_w)
    ) {
      // Already there: nothing to send and nothing to wait for.
      record.requestedW = fallback_w;
      record.sentAt = now;
      record.confirmedAt = inverter.readback_at ?? now;
      record.confirmedW = fallback_w;
      return;
    }
    this.send(record, fallback_w, now);
  }

  /** A regulating command. */
  command(candidate: Candidate, watts: number, now: number): void {
    const { record, inverter } = candidate;
    const from = currentLimit(record, inverter);
    if (from === null || watts > from) record.lastIncreaseAt = now;
    this.send(record, watts, now);
    set(record, 'pending', record.reason);
  }

  private send(record: GovernedRecord, watts: number, now: number): void {
    noteRequest(record, watts, now);
    this.dispatch(record, watts);
  }

  private dispatch(record: GovernedRecord, watts: number): void {
    const sent = this.fleet
      .sendTemporaryLimit(record.device, record.serial, watts)
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        this.log(`Export control: ${record.serial} refused ${watts} W: ${message}`);
      })
      .finally(() => this.sends.delete(sent));
    this.sends.add(sent);
  }

  /** Gives back what control took over, as a temporary limit: the owner's restore value or the take-over's. */
  releaseAll(governed: readonly GovernedInverter[], reason: string): void {
    for (const g of governed) {
      const record = this.records.get(recordKey(g.device, g.serial));
      if (!record) continue;
      if (record.tookOver) {
        const back = g.restore_w ?? record.takenOverW;
        if (back !== null) this.dispatch(record, back);
        this.log(`Export control: gave ${g.serial} back ${back ?? 'no'} W`);
      }
      record.tookOver = false;
      record.takenOverW = null;
      record.pausedUntil = null;
      record.unconfirmedUntil = null;
      record.lastIncreaseAt = null;
      forgetRequest(record);
      set(record, 'released', reason);
    }
  }

  /** The owner set a limit: control leaves the inverter alone for the owner's pause time. */
  pause(key: string, now: number): boolean {
    const record = this.records.get(key);
    if (!record || !record.tookOver) return false;
    record.pausedUntil = now + this.config().manual_pause_min * 60_000;
    forgetRequest(record);
    set(record, 'paused_manual', 'A manual limit pauses control of it');
    return true;
  }

  /** Inverters at their fallback after a limit they did not confirm, and since when. */
  unconfirmed(now: number): { device: string; serial: string; since: number }[] {
    return [...this.records.values()].flatMap((r) =>
      r.unconfirmedUntil !== null && now < r.unconfirmedUntil
        ? [{ device: r.device, serial: r.serial, since: r.unconfirmedUntil - UNCONFIRMED_RETRY_MS }]
        : [],
    );
  }

  /** What 'waiting' waits for, worded: confirmations, then live data, then the meter. */
  waitingFor(candidates: readonly Candidate[]): string[] {
    const unsettled = candidates.filter((c) => !c.record.settled);
    const pending = unsettled.filter((c) => isPending(c.record));
    const confirmed = unsettled.filter((c) => !isPending(c.record));
    const noData = confirmed.filter(
      (c) => c.inverter.data_at === null || c.inverter.data_at <= (c.record.confirmedAt ?? 0),
    );
    const names = (list: readonly Candidate[]) => joinNames(list.map((c) => c.inverter.name));
    const parts: string[] = [];
    if (pending.length > 0) {
      parts.push(
        `${names(pending)} to confirm ${pending.length === 1 ? 'its limit' : 'their limits'}`,
      );
    }
    if (noData.length > 0) parts.push(`newer live data from ${names(noData)}`);
    if (confirmed.length > 0) parts.push('a newer meter reading');
    return parts;
  }

  statuses(governed: readonly GovernedInverter[], fleet: FleetView): GovernedStatus[] {
    return governed.flatMap((g) => {
      const record = this.records.get(recordKey(g.device, g.serial));
      if (!record) return [];
      const inverter = fleet.get(recordKey(g.device, g.serial));
      return [
        {
          device: g.device,
          serial: g.serial,
          name: inverter?.name ?? g.serial,
          state: record.state,
          power_w: inverter?.power_w ?? null,
          requested_w: record.requestedW,
          readback_w: inverter?.readback_w ?? null,
          confirmed: record.requestedW !== null && record.confirmedAt !== null,
          taken_over_w: record.takenOverW,
          paused_until: record.pausedUntil,
          reason: record.reason,
        },
      ];
    });
  }

  /** The governed inverters' known limits summed; null while none is known (not 0 W). */
  limitSum(governed: readonly GovernedInverter[], fleet: FleetView): number | null {
    let sum: number | null = null;
    for (const g of governed) {
      const record = this.records.get(recordKey(g.device, g.serial));
      const inverter = fleet.get(recordKey(g.device, g.serial));
      const limit = record && inverter ? currentLimit(record, inverter) : null;
      if (limit !== null) sum = (sum ?? 0) + limit;
    }
    return sum;
  }

  settledSends(): Promise<unknown> {
    return Promise.allSettled([...this.sends]);
  }

  signature(): string {
    return [...this.records.values()]
      .map((r) => `${r.state}:${r.requestedW}:${r.confirmedAt !== null}`)
      .join(',');
  }
}
