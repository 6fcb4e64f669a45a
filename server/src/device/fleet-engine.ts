import { FleetCore } from './fleet-core.js';
import { catchUp } from './inverter-factory.js';
import { localParts } from './posix-tz.js';
import { Site } from './site.js';

/**
 * Time in the fleet simulator: physics in steps of at most 5 s, the DTU's round-robin poll
 * (one inverter per poll interval), command windows, the 60-s day/night gate and the midnight
 * housekeeping, all driven by advanceTo(deviceMs) (inverter-domain §6, §7, §9).
 */
export class FleetEngine extends FleetCore {
  private nextPoll = 0;
  private pollPosition = 0;
  private nextGate = 0;
  private lastWeekday: number | null = null;
  /** Until this device time the local date cannot change (saves a zone lookup per step). */
  private sameDayUntil = Number.NEGATIVE_INFINITY;
  private jumped = false;

  /** Bring the simulation to device time `target` (epoch ms). */
  advanceTo(target: number): void {
    if (!this.started) return;
    const delta = target - this.wall;
    if (this.jumped || delta < 0 || delta > FleetCore.MAX_CONTINUOUS_MS) {
      this.jump(target, !this.jumped && delta > 0);
      this.jumped = false;
    } else {
      while (this.wall < target) this.step(target);
    }
    this.announce();
    void this.saveYields(false);
  }

  /** advanceTo the clock's current time (what the 1-s timer calls). */
  tick(): void {
    this.advanceTo(this.clock.now());
  }

  /** The clock was set: the next advance re-anchors instead of simulating the gap as time. */
  protected noteClockChange(event: { jumped: boolean }): void {
    if (event.jumped) this.jumped = true;
  }

  protected resetSchedule(): void {
    this.nextPoll = this.uptime;
    this.nextGate = this.uptime + FleetCore.GATE_EVERY_MS;
    this.lastWeekday = this.clock.isSynced() ? this.weekdayNow() : null;
    this.sameDayUntil = Number.NEGATIVE_INFINITY;
  }

  /** Bring the next poll forward after the poll interval changed. */
  protected reschedulePoll(): void {
    this.nextPoll = Math.min(this.nextPoll, this.uptime + this.pollIntervalMs());
  }

  private pollIntervalMs(): number {
    return Math.max(1, this.store.config.dtu.poll_interval) * 1000;
  }

  private step(target: number): void {
    const due = Math.min(this.nextPoll, this.nextGate, ...this.commandDues());
    const end = Math.min(
      target,
      this.wall + FleetCore.PHYSICS_STEP_MS,
      Math.max(this.wall + 1, this.wall + (due - this.uptime)),
    );
    const dt = end - this.wall;
    this.wall = end;
    this.uptime += dt;
    const site = this.site.conditions(this.wall, dt);
    for (const { sim } of this.sims.values()) sim.step(site, dt);
    this.processDue();
  }

  private commandDues(): number[] {
    const dues: number[] = [];
    for (const record of this.records) {
      if (record.limitCommand.due !== null) dues.push(record.limitCommand.due);
      if (record.powerCommand.due !== null) dues.push(record.powerCommand.due);
    }
    return dues;
  }

  private processDue(): void {
    for (const record of this.records) {
      const slot = this.slotOf(record.serial);
      if (slot) record.settleCommands(this.context(record, slot));
    }
    if (this.uptime >= this.nextGate) {
      this.applyGates();
      this.nextGate = this.uptime + FleetCore.GATE_EVERY_MS;
    }
    this.midnightCheck();
    if (this.uptime >= this.nextPoll) {
      // With nobody to poll, each turn still visits every inverter (zero_runtime at night).
      this.pollNext();
      this.nextPoll = this.uptime + this.pollIntervalMs();
    }
  }

  /** One round-robin turn: skip inverters without radio or with polling and commands off. */
  private pollNext(): void {
    const count = this.records.length;
    for (let tries = 0; tries < count; tries++) {
      const record = this.records[this.pollPosition % count];
      this.pollPosition = (this.pollPosition + 1) % count;
      const slot = record && this.slotOf(record.serial);
      if (!record || !slot) continue;
      const ctx = this.context(record, slot);
      if (!ctx.radioUsable) continue;
      record.zeroIfUnreachable(ctx);
      if (record.pollEnabled || record.commandsEnabled) {
        record.poll(ctx);
        return;
      }
    }
  }

  /** Housekeeping when the local weekday changes (inverter-domain §9.4); needs a set clock. */
  private midnightCheck(): void {
    if (!this.clock.isSynced() || this.wall < this.sameDayUntil) return;
    const local = localParts(this.wall, this.store.config.ntp.timezone);
    const weekday = local.weekday;
    // Skip the zone lookups until an hour before local midnight (a DST day may be an hour short).
    const intoDay = ((local.hour * 60 + local.minute) * 60 + local.second) * 1000;
    this.sameDayUntil = this.wall + Math.max(0, 86_400_000 - intoDay - 3_600_000);
    if (this.lastWeekday === null) {
      this.lastWeekday = weekday;
      return;
    }
    if (weekday === this.lastWeekday) return;
    this.lastWeekday = weekday;
    this.log('Week day changed: daily housekeeping');
    for (const record of this.records) {
      const slot = this.slotOf(record.serial);
      if (slot) record.midnight(slot);
    }
  }

  /**
   * A jump of the device clock: the inverters live through the gap in coarse steps (a day may
   * pass), the DTU does not. Uptime grows only for a gap that really elapsed (host suspended).
   */
  private jump(target: number, elapsed: boolean): void {
    const from = this.wall;
    if (target > from && target - from <= 7 * 86_400_000) {
      const ntp = this.store.config.ntp;
      const site = new Site(this.options.seed, ntp.latitude, ntp.longitude, this.options.weather);
      for (const { sim } of this.sims.values()) catchUp(sim, site, from, target);
    }
    if (elapsed) this.uptime += target - from;
    this.wall = target;
    this.sameDayUntil = Number.NEGATIVE_INFINITY;
    this.applyGates();
    this.midnightCheck();
  }

  private announce(): void {
    for (const record of this.records) {
      if (!record.changed) continue;
      record.changed = false;
      this.emit('update', record.serial);
    }
  }

  protected saveYields(force: boolean): Promise<void> {
    return this.yields.maybeSave(
      () => ({
        version: 1,
        savedAt: this.wall,
        inverters: Object.fromEntries(
          [...this.sims].map(([serial, { sim }]) => [serial, sim.exportState()]),
        ),
      }),
      force,
    );
  }
}
