import type { InverterSlotFile } from '@heliodtu/contract/config-file';
import { relativeLimitAfterAck } from '@heliodtu/contract/domain/limit-type';
import { CommandSlot, type LimitCommand, type PowerCommand } from './commands.js';
import type { InverterEvent } from './event-log.js';
import type { InverterSim } from './inverter-sim.js';
import { RadioCounters, type RadioLink } from './radio-stats.js';
import { Statistics, packetOf } from './statistics.js';

/**
 * The DTU's side of one inverter (OpenDTU's library object): radio counters, the last
 * statistics, what it read of device info, grid profile, limit and event log, and its command
 * slots. It talks to the physical inverter only through radio requests that may fail.
 */

/** SystemConfigPara (limit read) every 2 min, but not within 4 min of boot or a limit command. */
const LIMIT_READ_INTERVAL_MS = 120_000;
const LIMIT_READ_QUIET_MS = 240_000;

export interface RadioContext {
  /** DTU uptime, ms: every DTU timer runs on it. */
  readonly uptime: number;
  /** Device epoch ms, for what the inverter stamps. */
  readonly wall: number;
  /** Local time available: without it no request is sent (wire-contract §8). */
  readonly synced: boolean;
  /** The DTU radio for this inverter's family is initialised and connected. */
  readonly radioUsable: boolean;
  /** The inverter can hear the DTU (CMT frequency in range, no `unreachable:` fault). */
  readonly inRange: boolean;
  readonly slot: Readonly<InverterSlotFile>;
  readonly log: (line: string) => void;
}

/** One inverter as the DTU's radio library knows it (inverter-domain §6, §7). */
export class DtuInverter {
  readonly stats: Statistics;
  readonly radio = new RadioCounters();
  /** Consecutive failed live-data polls. */
  failures = 0;
  pollEnabled: boolean;
  commandsEnabled: boolean;
  /** Last known limit in %; 0 until read or acknowledged (inverter-domain §7.5). */
  limitRelative = 0;
  limitKnown = false;
  /** Device epoch ms the limit was last read or acknowledged; null before (export control's read-back). */
  limitSeenAt: number | null = null;
  devInfoValid = false;
  gridProfileValid = false;
  /** The DTU's copy of the event log. */
  events: InverterEvent[] = [];
  readonly limitCommand = new CommandSlot<LimitCommand>();
  readonly powerCommand = new CommandSlot<PowerCommand>();
  /** Statistics changed since the simulator last announced this inverter. */
  changed = false;
  private lastLimitRead = 0;
  private lastLimitCommand = 0;
  private fetchedEventCounter: number | null = null;

  constructor(
    readonly serial: string,
    readonly sim: InverterSim,
    private readonly link: RadioLink,
    slot: Readonly<InverterSlotFile>,
  ) {
    this.stats = new Statistics(sim.hardware.family.channels);
    this.pollEnabled = slot.poll_enable;
    this.commandsEnabled = slot.command_enable;
  }

  /** max_power of the device info; 0 until it was read (wire-contract §4.4). */
  get maxPower(): number {
    return this.devInfoValid ? this.sim.hardware.devInfo.max_power : 0;
  }

  /** reachable (wire-contract §4.2); an inverter without a usable radio never is. */
  reachable(slot: Readonly<InverterSlotFile>, radioUsable: boolean): boolean {
    return this.pollEnabled && radioUsable && this.failures <= slot.reachable_threshold;
  }

  producing(): boolean {
    return this.pollEnabled && this.stats.ac.power > 0;
  }

  /** The day/night gate of inverter-domain §9.1. */
  applyGate(slot: Readonly<InverterSlotFile>, isDay: boolean): void {
    this.pollEnabled = slot.poll_enable && (isDay || slot.poll_enable_night);
    this.commandsEnabled = slot.command_enable && (isDay || slot.command_enable_night);
  }

  /** zero_runtime: each poll turn while unreachable zeroes the runtime values (inverter-domain §9.3). */
  zeroIfUnreachable(ctx: RadioContext): void {
    if (ctx.slot.zero_runtime && !this.reachable(ctx.slot, ctx.radioUsable)) {
      this.stats.zeroRuntime();
      this.changed = true;
    }
  }

  /** This inverter's poll turn (inverter-domain §6, §7.5): live data, then the rest. */
  poll(ctx: RadioContext): void {
    ctx.log(`Fetch inverter: ${this.serial}`);
    if (ctx.synced && this.pollEnabled) this.requestStats(ctx);
    if (
      ctx.synced &&
      this.pollEnabled &&
      ctx.uptime - this.lastLimitRead > LIMIT_READ_INTERVAL_MS &&
      ctx.uptime - this.lastLimitCommand > LIMIT_READ_QUIET_MS
    ) {
      this.lastLimitRead = ctx.uptime;
      if (this.request(ctx)) {
        // The inverter reports its limit in 0.1 % steps.
        this.limitRelative = Math.round(this.sim.limit * 10) / 10;
        this.limitKnown = true;
        this.limitSeenAt = ctx.wall;
        this.changed = true;
      }
    }
    if (this.commandsEnabled) {
      if (this.limitCommand.resendIfFailed(ctx.uptime)) ctx.log('Resend ActivePowerControl');
      if (this.powerCommand.resendIfFailed(ctx.uptime)) ctx.log('Resend PowerCommand');
    }
    if (ctx.synced && this.pollEnabled && this.stats.hasData) {
      if (!this.devInfoValid) this.devInfoValid = this.request(ctx) || this.request(ctx);
      if (!this.gridProfileValid) this.gridProfileValid = this.request(ctx);
    }
  }

  /** Queue a command; the caller has checked that commands are enabled. */
  sendLimit(command: LimitCommand, uptime: number): void {
    this.limitCommand.send(command, uptime);
    this.lastLimitCommand = uptime;
  }

  sendPower(command: PowerCommand, uptime: number): void {
    this.powerCommand.send(command, uptime);
  }

  /** Close command windows that are due and apply what the inverter acknowledged. */
  settleCommands(ctx: RadioContext): void {
    const hears = ctx.radioUsable && ctx.inRange && this.sim.answering;
    const limit = this.limitCommand.closeWindow(ctx.uptime, () => this.link.answers(hears));
    if (limit) {
      this.sim.applyLimit(limit.value, limit.limit);
      this.limitRelative =
        Math.round(
          relativeLimitAfterAck(limit.limit, limit.value, this.maxPower, this.limitRelative) * 100,
        ) / 100;
      this.limitKnown = true;
      this.limitSeenAt = ctx.wall;
      this.lastLimitCommand = ctx.uptime;
      this.changed = true;
      ctx.log(`Limit of ${this.serial} set`);
    }
    const power = this.powerCommand.closeWindow(ctx.uptime, () => this.link.answers(hears));
    if (power) {
      if (power.action === 'restart') this.sim.applyRestart(ctx.wall);
      else this.sim.applyPower(power.action === 'on', ctx.wall);
      ctx.log(`Power command of ${this.serial} done`);
    }
  }

  /** Local midnight (inverter-domain §9.4). */
  midnight(slot: Readonly<InverterSlotFile>): void {
    this.stats.resetYieldDayCorrection();
    if (slot.zero_day) {
      this.stats.zeroDaily();
      this.changed = true;
    }
    if (slot.clear_eventlog) this.events = [];
    this.radio.reset();
  }

  private requestStats(ctx: RadioContext): void {
    const outcome = this.link.request(this.radio, this.hears(ctx));
    if (outcome !== 'success') {
      this.failures++;
      ctx.log(outcome === 'nothing' ? 'Nothing received' : `Receive ${outcome}`);
      return;
    }
    this.failures = 0;
    if (this.stats.receive(packetOf(this.sim), ctx.uptime, ctx.slot.yieldday_correction)) {
      ctx.log('Yield Day reset detected!');
    }
    this.changed = true;
    if (this.link.timeCalibrationDue()) this.sim.noteTimeCalibration(ctx.wall);
    const counter = this.sim.events.counter;
    if (counter !== this.fetchedEventCounter && this.request(ctx)) {
      this.fetchedEventCounter = counter;
      this.events = this.sim.events.snapshot();
    }
  }

  private hears(ctx: RadioContext): boolean {
    return ctx.inRange && this.sim.answering;
  }

  /** One request besides live data; true when it was answered completely. */
  private request(ctx: RadioContext): boolean {
    return this.link.request(this.radio, this.hears(ctx)) === 'success';
  }
}
