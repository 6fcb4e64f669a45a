import { LocalCalendar } from './local-day.js';
import { HistoryRecorder, type RecordedFleet } from './recorder.js';
import type { HistoryStore } from './store.js';

/**
 * The devices one history records: the main one and, on a companion of several devices
 * (issue 27), further ones beside it, each with its own recorder and local days (its own time
 * zone), its rows keyed by its id. HistoryService owns it and keeps the store, the timers and the
 * fault rules; this part only knows who is followed and listens to their polls.
 */

/** A poll of `serial` from `device`'s source, to be recorded with `recorder` (its current one). */
export type PollListener = (
  fleet: RecordedFleet,
  serial: string,
  device: string,
  recorder: HistoryRecorder,
) => void;

interface Followed {
  readonly device: string;
  readonly tz: () => string;
  calendar: LocalCalendar | undefined;
  recorder: HistoryRecorder;
  /** The source listened to; the main device has none until it is attached. */
  fleet: RecordedFleet | undefined;
  detach: () => void;
}

export class FollowedDevices {
  private readonly main: Followed;
  private readonly further = new Map<string, Followed>();

  constructor(
    device: string,
    tz: () => string,
    /** The store the recorders write to, asked anew once a damaged file was replaced. */
    private readonly store: () => HistoryStore,
    private readonly onPoll: PollListener,
  ) {
    this.main = this.followed(device, tz);
  }

  /** Every recorder, the main device's first. */
  recorders(): HistoryRecorder[] {
    return [this.main.recorder, ...[...this.further.values()].map((f) => f.recorder)];
  }

  /** The local calendar of a followed device's time zone; any other device gets the main one's. */
  calendar(device: string): LocalCalendar {
    const followed = this.further.get(device) ?? this.main;
    const tz = followed.tz();
    if (followed.calendar?.tz !== tz) followed.calendar = new LocalCalendar(tz);
    return followed.calendar;
  }

  /** Records the main device's polls from `fleet` (in place of an earlier source). */
  attachMain(fleet: RecordedFleet): void {
    this.listen(this.main, fleet);
  }

  /**
   * Records a further device's polls, its days by `tz`; a device already followed is left as it
   * is, except the main one re-added with a new source once attached, which takes the old one's place.
   */
  follow(fleet: RecordedFleet, tz: () => string): void {
    const device = fleet.deviceId;
    if (this.further.has(device)) return;
    if (device === this.main.device) {
      if (this.main.fleet && this.main.fleet !== fleet) this.listen(this.main, fleet);
      return;
    }
    const followed = this.followed(device, tz);
    this.further.set(device, followed);
    this.listen(followed, fleet);
  }

  /** Whether `device` is a further device, one `unfollow` would stop. */
  isFurther(device: string): boolean {
    return this.further.has(device);
  }

  /** Stops listening to a further device (removed); the main device stays. */
  unfollow(device: string): void {
    this.further.get(device)?.detach();
    this.further.delete(device);
  }

  /** New recorders on the current store (the old one's file was damaged and moved aside). */
  renewRecorders(): void {
    this.main.recorder = this.recorderOf(this.main.device);
    for (const followed of this.further.values()) {
      followed.recorder = this.recorderOf(followed.device);
    }
  }

  /** Stops listening to every device (close). */
  detachAll(): void {
    this.main.detach();
    for (const followed of this.further.values()) followed.detach();
  }

  private followed(device: string, tz: () => string): Followed {
    const recorder = this.recorderOf(device);
    return { device, tz, calendar: undefined, recorder, fleet: undefined, detach: () => undefined };
  }

  private recorderOf(device: string): HistoryRecorder {
    return new HistoryRecorder(this.store(), device, () => this.calendar(device));
  }

  private listen(followed: Followed, fleet: RecordedFleet): void {
    followed.detach();
    // The recorder is read on each poll: a damaged file replaces it.
    const onUpdate = (serial: string) =>
      this.onPoll(fleet, serial, followed.device, followed.recorder);
    fleet.on('update', onUpdate);
    followed.fleet = fleet;
    followed.detach = () => fleet.off('update', onUpdate);
  }
}
