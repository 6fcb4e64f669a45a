import type { ReconnectPolicy } from '../../reconnect-policy.js';
import type { DeviceProblem } from './device-problem.js';
import { DeviceRelay } from './device-relay.js';
import type { DeviceTarget } from './device-target.js';
import { LastLiveAnswers } from './last-live-answers.js';
import { LiveLink } from './live-link.js';
import { probeDevice, type ProbeResult } from './probe.js';
import { RelayLiveStore } from './relay-live-store.js';

export interface DeviceCompanionOptions {
  target: DeviceTarget;
  /** One line per change of state: the console log (and stdout). */
  log: (line: string) => void;
  reconnect?: ReconnectPolicy;
  /** Whether the companion's own login has the default password: the live view's hint. */
  ownDefaultPassword?: () => boolean;
}

/**
 * Everything the gateway holds for one OpenDTU device it stands in front of, keyed by the
 * device id: the one live socket and what it last sent, and the REST relay with its short
 * cache. The app serves browsers from these; a second device would be a second Companion.
 */
export class DeviceCompanion {
  readonly id: string;
  readonly target: DeviceTarget;
  readonly live: RelayLiveStore;
  readonly link: LiveLink;
  readonly relay: DeviceRelay;
  /** The device's last live data answers, for the live view while the device is away. */
  readonly lastLive = new LastLiveAnswers();
  /** The start probe's answer, once it came. */
  probed: ProbeResult | undefined;
  private readonly log: (line: string) => void;
  private stopped = false;

  /** Whether the companion's own login has the default password (false when not told). */
  readonly ownDefaultPassword: () => boolean;

  constructor({ target, log, reconnect, ownDefaultPassword }: DeviceCompanionOptions) {
    this.id = target.id;
    this.target = target;
    this.log = log;
    this.ownDefaultPassword = ownDefaultPassword ?? (() => false);
    this.live = new RelayLiveStore(target.id, Date.now, this.ownDefaultPassword);
    this.link = new LiveLink({ target, log, ...(reconnect ? { reconnect } : {}) });
    this.relay = new DeviceRelay(target);
    let saidBadFrame = false;
    this.link.on('message', ({ data }) => {
      if (this.live.accept(data) || saidBadFrame) return;
      saidBadFrame = true;
      log(`Device ${this.id}: ignoring a live frame that is not one inverter's live data`);
    });
    // A device that was not usable at start says what it is once it answers.
    this.link.on('connected', () => {
      if (this.probed && !this.probed.ok) void this.probe();
    });
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
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.link.stop();
    this.relay.close();
  }

  private async probe(): Promise<void> {
    const result = await probeDevice(this.target);
    if (this.stopped) return;
    this.probed = result;
    this.log(
      result.ok
        ? `Companion: found ${result.message}`
        : `Companion: ${result.message}; still running, retrying`,
    );
  }
}
