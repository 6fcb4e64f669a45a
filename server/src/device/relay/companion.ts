import type { DeviceProblem } from './device-problem.js';
import type { RelayResult } from './device-relay.js';
import { DeviceConsole } from './device-console.js';
import {
  DEVICE_NTP_CONFIG_PATH,
  locationOfNtpAnswer,
  timezoneOfNtpAnswer,
  type DeviceLocation,
} from './device-ntp-settings.js';
import {
  deviceSidesFor,
  type DeviceLink,
  type DeviceRequests,
  type DeviceSidesOptions,
} from './device-sides.js';
import type { DeviceTarget } from './device-target.js';
import { LastLiveAnswers } from './last-live-answers.js';
import { mqttDeviceFound } from './mqtt-device-probe.js';
import type { MqttDeviceLink } from './mqtt-device-link.js';
import { probeDevice, type ProbeResult } from './probe.js';
import { RelayLiveStore } from './relay-live-store.js';

export interface DeviceCompanionOptions extends DeviceSidesOptions {
  /** Whether the companion's own login has the default password: the live view's hint. */
  ownDefaultPassword?: () => boolean;
  /** POSIX TZ until the device's own was read: the companion's NTP time zone. */
  fallbackTimezone?: () => string;
}

/**
 * Everything the gateway holds for one OpenDTU device it stands in front of, keyed by the
 * device id: the one live socket and what it last sent, its console socket while someone
 * watches, and the REST relay with its short cache. The app serves browsers from these; a
 * second device would be a second Companion.
 */
export class DeviceCompanion {
  readonly id: string;
  readonly target: DeviceTarget;
  readonly live: RelayLiveStore;
  readonly link: DeviceLink;
  readonly relay: DeviceRequests;
  /** Set for a device known only by its MQTT topics (issue 37): its link, with the tree. */
  readonly mqtt: MqttDeviceLink | undefined;
  readonly console: DeviceConsole;
  /** The device's last live data answers, for the live view while the device is away. */
  readonly lastLive: LastLiveAnswers;
  /** The host clock everything of this device reads (epoch ms). */
  readonly now: () => number;
  /** The latest probe's answer, once one came. */
  probed: ProbeResult | undefined;
  private readonly log: (line: string) => void;
  private stopped = false;
  private probing: Promise<void> | undefined;
  private readonly fallbackTimezone: () => string;
  /** The device's ntp_timezone as last read; undefined until a read succeeded. */
  private deviceTimezone: string | undefined;
  /** The device's latitude and longitude as last read; undefined until a read had them. */
  private deviceLocation: DeviceLocation | undefined;
  /** Reads started: only the latest one's answer counts. */
  private timezoneReads = 0;
  /** A failed read was said on the console (once until one succeeds). */
  private saidTimezoneProblem = false;

  /** Whether the companion's own login has the default password (false when not told). */
  readonly ownDefaultPassword: () => boolean;

  constructor(options: DeviceCompanionOptions) {
    const { target, log, reconnect, ownDefaultPassword, fallbackTimezone } = options;
    const now = options.now ?? Date.now;
    this.id = target.id;
    this.now = now;
    this.target = target;
    this.log = log;
    this.ownDefaultPassword = ownDefaultPassword ?? (() => false);
    this.fallbackTimezone = fallbackTimezone ?? (() => 'UTC0');
    this.live = new RelayLiveStore(target.id, now, this.ownDefaultPassword);
    this.lastLive = new LastLiveAnswers(now);
    const sides = deviceSidesFor({ ...options, now });
    this.link = sides.link;
    this.relay = sides.relay;
    this.mqtt = sides.mqtt;
    const retrying = reconnect ? { reconnect } : {};
    this.console = new DeviceConsole({ target, log, now, ...retrying });
    let saidBadFrame = false;
    this.link.on('message', ({ data }) => {
      if (this.live.accept(data) || saidBadFrame) return;
      saidBadFrame = true;
      log(`Device ${this.id}: ignoring a live frame that is not one inverter's live data`);
    });
    // A device that was not usable at start says what it is once it answers; one back from an
    // outage is asked again, since it may have been upgraded (or downgraded) meanwhile. Its time
    // zone is read again on every connection: it may have been changed on the device meanwhile.
    this.link.on('connected', () => {
      if (this.probed && !this.probed.ok) void this.probe();
      // An MQTT device's NTP settings are not reachable: its days follow the companion's zone.
      if (!this.mqtt) this.readTimezone();
    });
    // An MQTT device is found once a publish run told its host name (before its first frame).
    this.link.on('message', () => {
      if (this.mqtt && !this.probed?.ok) void this.probe();
    });
    this.link.on('back', () => void this.probe());
  }

  /**
   * The device's own NTP time zone (POSIX TZ): its history's local days follow it. The
   * companion's own zone until the device's was read.
   */
  get timezone(): string {
    return this.deviceTimezone ?? this.fallbackTimezone();
  }

  /**
   * Where the device is (its NTP settings' latitude and longitude): its inverters' daylight
   * follows it. Undefined until read; the caller falls back to the companion's own location.
   */
  get location(): DeviceLocation | undefined {
    return this.deviceLocation;
  }

  /**
   * Why the device cannot be used now, in plain words; null while it answers as an OpenDTU.
   * The live socket says what is wrong now; the probe read the page the device answered, so
   * for the same code its message is the more telling ("answers with a web page").
   */
  get problem(): DeviceProblem | null {
    const probed = this.probed;
    const probeProblem =
      probed && !probed.ok ? { code: probed.code, message: probed.message } : null;
    const linkProblem = this.link.problem;
    if (!linkProblem) return probeProblem;
    return probeProblem?.code === linkProblem.code ? probeProblem : linkProblem;
  }

  /** Epoch ms since when the device has not answered: the live socket, else the REST reads. */
  get awaySince(): number | undefined {
    return this.link.awaySince ?? this.lastLive.failingSince;
  }

  /** Probes once (one line on the console either way) and opens the live socket. */
  start(): void {
    this.link.start();
    void this.probe();
    // The time zone is read once the live socket is up ('connected'): one request, not two.
  }

  /**
   * A request the relay passed on and its answer: a saved NTP setting may have changed the
   * device's time zone or location, so they are read again.
   */
  relayed(method: string, path: string, result: RelayResult): void {
    if (method !== 'POST' || path !== DEVICE_NTP_CONFIG_PATH) return;
    if (result.ok && result.status === 200) this.readTimezone();
  }

  /** Reads the device's time zone and location; a failed read keeps what was known before. */
  private readTimezone(): void {
    const read = ++this.timezoneReads;
    void this.relay.forward('GET', DEVICE_NTP_CONFIG_PATH).then((result) => {
      if (this.stopped || read !== this.timezoneReads) return;
      this.deviceLocation = locationOfNtpAnswer(result) ?? this.deviceLocation;
      const tz = timezoneOfNtpAnswer(result);
      if (tz === undefined) {
        // Away or refusing the password is said by the probe and the live link already.
        if (result.ok && !this.saidTimezoneProblem) {
          this.saidTimezoneProblem = true;
          this.log(
            `Device ${this.id}: no time zone in its NTP settings (answered ${result.status}); ` +
              `history days follow ${this.timezone} until it has one`,
          );
        }
        return;
      }
      this.saidTimezoneProblem = false;
      if (tz === this.deviceTimezone) return;
      this.deviceTimezone = tz;
      this.log(`Device ${this.id}: history days follow its time zone ${tz}`);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.link.stop(), this.console.stop()]);
    this.relay.close();
  }

  /** One probe at a time: a 'back' right after a failed probe's 'connected' asks once. */
  private probe(): Promise<void> {
    this.probing ??= this.probeNow().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probeNow(): Promise<void> {
    const before = this.probed;
    // In the line with the browsers' requests: a slow device never has more in hand at once.
    const result = this.mqtt
      ? mqttDeviceFound(this.mqtt, this.target)
      : await this.relay.inTurn(() => probeDevice(this.target));
    // A full line is a device busy with browsers: it answers, and is asked again on its next
    // connection.
    if (this.stopped || !result) return;
    this.probed = result;
    // The same answer after an outage is no news; a new firmware or a new problem is.
    if (before && result.message === before.message) return;
    this.log(
      result.ok
        ? `Companion: found ${result.message}`
        : `Companion: ${result.message}; still running, retrying`,
    );
  }
}
