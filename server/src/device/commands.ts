import type { CommandStatus } from '@heliodtu/contract/limit';
import type { LimitKind } from '@heliodtu/contract/domain/limit-type';

/**
 * The life cycle of a limit or power command (inverter-domain §7.2): Pending at once, the
 * radio queue (≈0.5 s), then up to five 2-s listen windows. An answer in a window makes it Ok;
 * five empty windows (≈10 s) make it Failure, and the DTU re-sends it at later polls.
 */

export type LimitCommand = { kind: 'limit'; value: number; limit: LimitKind };
export type PowerCommand = { kind: 'power'; action: 'on' | 'off' | 'restart' };
export type Command = LimitCommand | PowerCommand;

/** Radio queue delay before the first transmission, and the listen window of a command. */
export const QUEUE_DELAY_MS = 500;
export const COMMAND_WINDOW_MS = 2_000;
/** One send and four resends. */
export const COMMAND_ATTEMPTS = 5;

/** One command slot of an inverter (one for limits, one for power). */
export class CommandSlot<C extends Command> {
  status: CommandStatus = 'Ok';
  /** The last command sent; kept after a Failure for the automatic re-send. */
  command: C | null = null;
  private attempts = 0;
  private windowEnd: number | null = null;

  /** Queue a command at uptime `now`; it replaces any earlier one. */
  send(command: C, now: number): void {
    this.command = command;
    this.start(now);
  }

  /** Re-send the failed command (called at the inverter's poll turn). */
  resendIfFailed(now: number): boolean {
    if (this.status !== 'Failure' || this.command === null) return false;
    this.start(now);
    return true;
  }

  /** The end of the current listen window, or null when nothing is in flight. */
  get due(): number | null {
    return this.windowEnd;
  }

  /**
   * Close the window due at `now`: `answered()` says whether the inverter replied in it (asked
   * only when a window is due). Returns the command when it just succeeded, so the caller
   * applies its effect.
   */
  closeWindow(now: number, answered: () => boolean): C | null {
    if (this.windowEnd === null || now < this.windowEnd) return null;
    if (answered()) {
      this.status = 'Ok';
      this.windowEnd = null;
      return this.command;
    }
    this.attempts++;
    if (this.attempts >= COMMAND_ATTEMPTS) {
      this.status = 'Failure';
      this.windowEnd = null;
    } else {
      this.windowEnd += COMMAND_WINDOW_MS;
    }
    return null;
  }

  private start(now: number): void {
    this.status = 'Pending';
    this.attempts = 0;
    this.windowEnd = now + QUEUE_DELAY_MS + COMMAND_WINDOW_MS;
  }
}
