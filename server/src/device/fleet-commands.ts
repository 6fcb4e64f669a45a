import type { LimitKind } from '@heliodtu/contract/domain/limit-type';
import type { LimitStatus } from '@heliodtu/contract/limit';
import type { PowerStatus } from '@heliodtu/contract/power';
import { FleetEngine } from './fleet-engine.js';

/** Result of a command call; the routes map `unknown-inverter` to 5004 / 11002. */
export type CommandResult =
  | {
      ok: true;
      /** false when commands are disabled: silently dropped, still a success. */ queued: boolean;
    }
  | { ok: false; reason: 'unknown-inverter' };

/**
 * The commands of the fleet simulator, the one path for REST, MQTT and export control: limits,
 * power and restart queued for the next poll, and their status read back (inverter-domain §7).
 * Split from simulator.ts only to keep files short; FleetSimulator is the class to use.
 */
export class FleetCommands extends FleetEngine {
  /**
   * When the limit was last read or acknowledged and when the newest live data was taken, device
   * epoch ms (null before either); null for a serial not in the fleet. Export control's
   * read-back: confirmed only by a read after its command.
   */
  limitTimes(serial: string): { readbackAt: number | null; dataAt: number | null } | null {
    const record = this.find(serial);
    if (!record) return null;
    const last = record.stats.lastUpdate;
    return {
      readbackAt: record.limitSeenAt,
      dataAt: last === null ? null : this.wall - (this.uptime - last),
    };
  }

  /** `GET /api/limit/status` (wire-contract §4.4). */
  limitStatus(): LimitStatus {
    return Object.fromEntries(
      this.records.map((r) => [
        r.serial,
        {
          limit_relative: r.limitRelative,
          max_power: r.maxPower,
          limit_set_status: r.limitCommand.status,
        },
      ]),
    );
  }

  /** `GET /api/power/status` (wire-contract §4.4). */
  powerStatus(): PowerStatus {
    return Object.fromEntries(
      this.records.map((r) => [r.serial, { power_set_status: r.powerCommand.status }]),
    );
  }

  /** Queue a limit (inverter-domain §7): relative values above 100 % are clamped. */
  setLimit(serial: string, value: number, kind: LimitKind): CommandResult {
    const record = this.find(serial);
    if (!record) return { ok: false, reason: 'unknown-inverter' };
    this.emit('limit', { serial: record.serial, value, kind, queued: record.commandsEnabled });
    if (!record.commandsEnabled) return { ok: true, queued: false };
    const limit = this.clampLimit(value, kind);
    record.sendLimit({ kind: 'limit', value: limit, limit: kind }, this.uptime);
    this.log(`TX ActivePowerControl ${record.serial}: ${limit} ${kind.relative ? '%' : 'W'}`);
    return { ok: true, queued: true };
  }

  /** Power on or off (inverter-domain §7.4). */
  setPower(serial: string, on: boolean): CommandResult {
    return this.power(serial, on ? 'on' : 'off');
  }

  /** Restart the inverter (inverter-domain §7.4). */
  restart(serial: string): CommandResult {
    return this.power(serial, 'restart');
  }

  /** Radio statistics back to 0 (`/api/inverter/stats_reset`, MQTT reset_rf_stats); false when unknown. */
  resetRadioStats(serial: string): boolean {
    const record = this.find(serial);
    record?.radio.reset();
    return record !== undefined;
  }

  private power(serial: string, action: 'on' | 'off' | 'restart'): CommandResult {
    const record = this.find(serial);
    if (!record) return { ok: false, reason: 'unknown-inverter' };
    if (!record.commandsEnabled) return { ok: true, queued: false };
    record.sendPower({ kind: 'power', action }, this.uptime);
    this.log(`TX PowerControl ${record.serial}: ${action}`);
    return { ok: true, queued: true };
  }
}
