import { EventEmitter } from 'node:events';
import type {
  Hints,
  LiveDataFullStatus,
  LiveInverterFull,
  LiveTotal,
} from '@heliodtu/contract/live-data';
import type { RecordedState } from '../../history/recorder.js';
import { withAdvancedAges } from './aged-live-data.js';
import { withOwnPasswordHint } from './own-login-hint.js';

/** A packet older than this is the device repeating its last values (inverter asleep, away). */
const FRESH_PACKET_SECONDS = 60;

interface Received {
  live: LiveInverterFull;
  /** Host ms the frame arrived. */
  at: number;
}

/**
 * The last live data one device sent on its /livedata socket, per inverter. It is the relay's
 * side of the seams the simulator serves: the socket fan-out (routes/sockets/live-fanout.ts
 * LiveSource) and the history recorder (history/recorder.ts RecordedFleet) read it the way they
 * read the simulator, and it emits 'update' with the serial for every frame.
 */
export class RelayLiveStore extends EventEmitter<{ update: [string] }> {
  private readonly inverters = new Map<string, Received>();
  private total: LiveTotal | undefined;
  private hints: Hints | undefined;

  constructor(
    readonly deviceId: string,
    private readonly now: () => number = Date.now,
    /** Whether the companion's own login still has the default password (its hint, not the device's). */
    private readonly ownDefaultPassword?: () => boolean,
  ) {
    super();
  }

  /** Takes one socket frame; false (and nothing kept) when it is not one inverter's live data. */
  accept(frame: Record<string, unknown>): boolean {
    const { inverters, total, hints } = frame;
    if (!Array.isArray(inverters) || inverters.length !== 1) return false;
    const live = inverters[0] as Partial<LiveInverterFull> | null;
    if (!isObject(live) || typeof live.serial !== 'string' || live.serial === '') return false;
    if (!isObject(total) || !isObject(hints)) return false;
    this.total = total as LiveTotal;
    this.hints = hints as Hints;
    this.inverters.set(live.serial, { live: live as LiveInverterFull, at: this.now() });
    this.emit('update', live.serial);
    return true;
  }

  inverterSerials(): string[] {
    return [...this.inverters.keys()];
  }

  hasInverter(serial: string): boolean {
    return this.inverters.has(serial);
  }

  /** The total of the device's last frame (the merged total of several devices adds these). */
  get lastTotal(): LiveTotal | undefined {
    return this.total;
  }

  /** The hints of the device's last frame, the password hint the companion's own. */
  get lastHints(): Hints | undefined {
    if (!this.hints || !this.ownDefaultPassword) return this.hints;
    return { ...this.hints, default_password: this.ownDefaultPassword() };
  }

  /**
   * Whether the device's own login still has the default password, as its last frame's hint
   * said; null before any came. The companion's status names it per device (issue 34), since
   * the hints it serves carry its own login's.
   */
  get deviceDefaultPassword(): boolean | null {
    return this.hints ? this.hints.default_password === true : null;
  }

  /**
   * As the device's socket sent it, with the newest total and hints (the password hint our
   * own), its data age grown by the time since it came: the fan-out repeats the last frame
   * while the device is away, and the browser's age must keep counting.
   */
  liveData(serial: string): LiveDataFullStatus {
    const received = this.inverters.get(serial);
    const status: LiveDataFullStatus =
      !received || !this.total || !this.hints
        ? { inverters: [], total: this.total!, hints: this.hints! }
        : withAdvancedAges(
            { inverters: [received.live], total: this.total, hints: this.hints },
            this.now() - received.at,
          );
    return this.ownDefaultPassword
      ? withOwnPasswordHint(status, this.ownDefaultPassword())
      : status;
  }

  /** What the history recorder needs; a packet is told apart by the wall second it was taken. */
  inverterState(serial: string): RecordedState | null {
    const received = this.inverters.get(serial);
    if (!received) return null;
    const age = Number(received.live.data_age) || 0;
    return {
      live: received.live,
      hasData: age < FRESH_PACKET_SECONDS,
      lastUpdateUptime: Math.floor(received.at / 1000) - age,
      ageMs: this.now() - received.at + age * 1000,
    };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
