import type { ReconnectPolicy } from '../../reconnect-policy.js';
import { DeviceRelay } from './device-relay.js';
import { DeviceConsole } from './device-console.js';
import type { DeviceTarget } from './device-target.js';
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
 * device id: the one live socket and what it last sent, its console socket while someone
 * watches, and the REST relay with its short cache. The app serves browsers from these; a
 * second device would be a second Companion.
 */
export class DeviceCompanion {
  readonly id: string;
  readonly target: DeviceTarget;
  readonly live: RelayLiveStore;
  readonly link: LiveLink;
  readonly relay: DeviceRelay;
  readonly console: DeviceConsole;
  /** The latest probe's answer, once one came. */
  probed: ProbeResult | undefined;
  private readonly log: (line: string) => void;
  private stopped = false;
  private probing: Promise<void> | undefined;

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
    this.console = new DeviceConsole({ target, log, ...(reconnect ? { reconnect } : {}) });
    let saidBadFrame = false;
    this.link.on('message', ({ data }) => {
      if (this.live.accept(data) || saidBadFrame) return;
      saidBadFrame = true;
      log(`Device ${this.id}: ignoring a live frame that is not one inverter's live data`);
    });
    // A device that was not usable at start says what it is once it answers; one back from an
    // outage is asked again, since it may have been upgraded (or downgraded) meanwhile.
    this.link.on('connected', () => {
      if (this.probed && !this.probed.ok) void this.probe();
    });
    this.link.on('back', () => void this.probe());
  }

  /** Probes once (one line on the console either way) and opens the live socket. */
  start(): void {
    this.link.start();
    void this.probe();
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
    const result = await probeDevice(this.target);
    if (this.stopped) return;
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
