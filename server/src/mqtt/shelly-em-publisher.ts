import type { MqttConnection } from './connection.js';

/**
 * The simulated house's meter on MQTT, as a Shelly Pro 3EM publishes it (power-control §2):
 * `<prefix>/status/em:0` (EM.GetStatus's fields) and `<prefix>/status/emdata:0` (the
 * registers), every 5 s of device time (at most ten times a host second when SIM_SPEED is
 * high), at once after each connect, nothing while disconnected. Not retained: a reading is
 * only true when it is sent, and a retained one would look fresh to a new subscriber.
 */

/** Device seconds between two publishes. */
const PERIOD_DEVICE_MS = 5_000;
const MIN_HOST_MS = 100;

export interface ShellyEmPublisherOptions {
  connection: Pick<MqttConnection, 'isConnected' | 'publish' | 'on' | 'off'>;
  /** The topic prefix, the meter's device id (`shellypro3em-heliodtu`). */
  prefix: string;
  /** The two status objects at the moment of publishing. */
  status: () => { em: unknown; emdata: unknown };
  /** SIM_SPEED: device seconds per host second. */
  speed: number;
}

export class ShellyEmPublisher {
  private timer: NodeJS.Timeout | undefined;
  private readonly onConnect = () => this.publish();

  constructor(private readonly options: ShellyEmPublisherOptions) {}

  /** The host ms between two publishes. */
  get periodMs(): number {
    return Math.max(MIN_HOST_MS, PERIOD_DEVICE_MS / Math.max(this.options.speed, 1e-9));
  }

  start(): void {
    if (this.timer) return;
    this.options.connection.on('connect', this.onConnect);
    this.timer = setInterval(() => this.publish(), this.periodMs);
    this.timer.unref();
    this.publish();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.options.connection.off('connect', this.onConnect);
  }

  private publish(): void {
    const { connection, prefix } = this.options;
    if (!connection.isConnected()) return;
    const { em, emdata } = this.options.status();
    connection.publish(`${prefix}/status/em:0`, JSON.stringify(em), { retain: false });
    connection.publish(`${prefix}/status/emdata:0`, JSON.stringify(emdata), { retain: false });
  }
}
