import { LATITUDE, LONGITUDE, type Range } from '@heliodtu/contract/limits';
import type { NtpConfig } from '@heliodtu/contract/ntp';
import type { ReconnectPolicy } from '../../reconnect-policy.js';
import type { DeviceProblem } from './device-problem.js';
import { DeviceRelay, RELAY_TIMEOUT_MS, type RelayResult } from './device-relay.js';
import { DeviceConsole } from './device-console.js';
import type { DeviceTarget } from './device-target.js';
import { LastLiveAnswers } from './last-live-answers.js';
import { LiveLink, type LinkMessage } from './live-link.js';
import type { MqttBrokerPool } from './mqtt-broker-pool.js';
import { MqttDeviceAnswers } from './mqtt-device-answers.js';
import { MqttDeviceLink } from './mqtt-device-link.js';
import { probeDevice, type ProbeResult } from './probe.js';
import type { LinkState, SocketLinkEvents } from './socket-link-types.js';
import { RelayLiveStore } from './relay-live-store.js';

/** A place on the globe in degrees (north and east positive), as the device's NTP settings keep it. */
export type DeviceLocation = Pick<NtpConfig, 'latitude' | 'longitude'>;

export interface DeviceCompanionOptions {
  target: DeviceTarget;
  /** One line per change of state: the console log (and stdout). */
  log: (line: string) => void;
  reconnect?: ReconnectPolicy;
  /** Whether the companion's own login has the default password: the live view's hint. */
  ownDefaultPassword?: () => boolean;
  /** POSIX TZ until the device's own was read: the companion's NTP time zone. */
  fallbackTimezone?: () => string;
  /**
   * The host clock (epoch ms): when the device went away and how much older its kept live data
   * has grown. Date.now unless a test passes a fake one.
   */
  now?: () => number;
  /** The shared broker connections of devices known by their MQTT topics (issue 37). */
  brokers?: MqttBrokerPool;
  /** An MQTT device's shortest silence before it counts as away (tests shorten it). */
  mqttSilenceMinMs?: number;
  /** An MQTT device's away time the owner set (DTU_AWAY_S), in place of the computed one. */
  mqttAwayMs?: number;
}

type DeviceLinkEvents = SocketLinkEvents & { message: [LinkMessage] };

/** The live side of a device: its /livedata socket (LiveLink) or its topics (MqttDeviceLink). */
export interface DeviceLink {
  readonly state: LinkState;
  readonly awaySince: number | undefined;
  readonly connectedSince: number | undefined;
  readonly problem: DeviceProblem | undefined;
  start(): void;
  stop(): Promise<void>;
  on<E extends keyof DeviceLinkEvents>(
    event: E,
    listener: (...args: DeviceLinkEvents[E]) => void,
  ): unknown;
  off<E extends keyof DeviceLinkEvents>(
    event: E,
    listener: (...args: DeviceLinkEvents[E]) => void,
  ): unknown;
}

/** The REST side of a device: the HTTP relay, or an MQTT device's own answers. */
export type DeviceRequests = Pick<DeviceRelay, 'forward' | 'cachedGet' | 'inTurn' | 'close'>;

/**
 * Where the device keeps its time zone and location (ntp_timezone, latitude, longitude; admin
 * only, read with the stored login).
 */
export const DEVICE_NTP_CONFIG_PATH = '/api/ntp/config';

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

  constructor({
    target,
    log,
    reconnect,
    ownDefaultPassword,
    fallbackTimezone,
    now = Date.now,
    brokers,
    mqttSilenceMinMs,
    mqttAwayMs,
  }: DeviceCompanionOptions) {
    this.id = target.id;
    this.now = now;
    this.target = target;
    this.log = log;
    this.ownDefaultPassword = ownDefaultPassword ?? (() => false);
    this.fallbackTimezone = fallbackTimezone ?? (() => 'UTC0');
    this.live = new RelayLiveStore(target.id, now, this.ownDefaultPassword);
    this.lastLive = new LastLiveAnswers(now);
    const retrying = reconnect ? { reconnect } : {};
    if (target.kind === 'mqtt') {
      if (!brokers) throw new Error(`device ${target.id}: MQTT devices need the broker pool`);
      const silence = mqttSilenceMinMs === undefined ? {} : { silenceMinMs: mqttSilenceMinMs };
      const away = mqttAwayMs === undefined ? {} : { awayMs: mqttAwayMs };
      this.mqtt = new MqttDeviceLink({ target, pool: brokers, log, now, ...silence, ...away });
      this.link = this.mqtt;
      this.relay = new MqttDeviceAnswers(target.id, this.mqtt);
    } else {
      this.mqtt = undefined;
      this.link = new LiveLink({ target, log, now, ...retrying });
      this.relay = new DeviceRelay(target, RELAY_TIMEOUT_MS, now);
    }
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
      this.deviceLocation = locationOf(result) ?? this.deviceLocation;
      const tz = timezoneOf(result);
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

  /**
   * What an MQTT device's topics say it is, once it published: its host name. Its firmware is
   * not published; until a message came, nothing is said (the link says why it is away).
   */
  private mqttFound(mqtt: MqttDeviceLink): ProbeResult | null {
    if (mqtt.state !== 'connected') return null;
    const hostname = mqtt.tree.dtuField('hostname') ?? '';
    const where = this.target.baseUrl;
    return {
      ok: true,
      deviceId: this.id,
      url: where,
      hostname,
      gitHash: '',
      version: null,
      pioenv: '',
      generation: 'v24',
      message: `an OpenDTU${hostname ? ` "${hostname}"` : ''} by its topics at ${where}`,
    };
  }

  private async probeNow(): Promise<void> {
    const before = this.probed;
    // In the line with the browsers' requests: a slow device never has more in hand at once.
    const result = this.mqtt
      ? this.mqttFound(this.mqtt)
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

/** The parsed body of a successful /api/ntp/config answer, or undefined. */
function ntpConfigOf(result: RelayResult): Record<string, unknown> | undefined {
  if (!result.ok || result.status !== 200) return undefined;
  try {
    const config: unknown = JSON.parse(result.body.toString('utf8'));
    return typeof config === 'object' && config !== null
      ? (config as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** ntp_timezone of a /api/ntp/config answer, or undefined when it is not one. */
function timezoneOf(result: RelayResult): string | undefined {
  const tz = ntpConfigOf(result)?.['ntp_timezone'];
  return typeof tz === 'string' ? tz : undefined;
}

/**
 * latitude and longitude of a /api/ntp/config answer, or undefined when either is missing or
 * off the globe (the device does not check the range).
 */
function locationOf(result: RelayResult): DeviceLocation | undefined {
  const config = ntpConfigOf(result);
  const latitude = config?.['latitude'];
  const longitude = config?.['longitude'];
  const within = (value: unknown, range: Range): value is number =>
    typeof value === 'number' && value >= range.min && value <= range.max;
  return within(latitude, LATITUDE) && within(longitude, LONGITUDE)
    ? { latitude, longitude }
    : undefined;
}
