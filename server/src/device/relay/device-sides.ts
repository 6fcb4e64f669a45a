import type { ReconnectPolicy } from '../../reconnect-policy.js';
import type { DeviceProblem } from './device-problem.js';
import { DeviceRelay, RELAY_TIMEOUT_MS } from './device-relay.js';
import type { DeviceTarget } from './device-target.js';
import { LiveLink, type LinkMessage } from './live-link.js';
import type { MqttBrokerPool } from './mqtt-broker-pool.js';
import { MqttDeviceAnswers } from './mqtt-device-answers.js';
import { MqttDeviceLink } from './mqtt-device-link.js';
import type { LinkState, SocketLinkEvents } from './socket-link-types.js';

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

export interface DeviceSidesOptions {
  target: DeviceTarget;
  /** One line per change of state: the console log (and stdout). */
  log: (line: string) => void;
  reconnect?: ReconnectPolicy;
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

export interface DeviceSides {
  link: DeviceLink;
  relay: DeviceRequests;
  /** Set for a device known only by its MQTT topics (issue 37): its link, with the tree. */
  mqtt: MqttDeviceLink | undefined;
}

/**
 * A device's live and REST sides, by how it is known: at an HTTP address, its live socket and
 * the relay; by its topics on a broker, the shared broker connection and answers from the tree.
 */
export function deviceSidesFor({
  target,
  log,
  reconnect,
  now = Date.now,
  brokers,
  mqttSilenceMinMs,
  mqttAwayMs,
}: DeviceSidesOptions): DeviceSides {
  if (target.kind === 'mqtt') {
    if (!brokers) throw new Error(`device ${target.id}: MQTT devices need the broker pool`);
    const silence = mqttSilenceMinMs === undefined ? {} : { silenceMinMs: mqttSilenceMinMs };
    const away = mqttAwayMs === undefined ? {} : { awayMs: mqttAwayMs };
    const mqtt = new MqttDeviceLink({ target, pool: brokers, log, now, ...silence, ...away });
    return { link: mqtt, relay: new MqttDeviceAnswers(target.id, mqtt), mqtt };
  }
  return {
    link: new LiveLink({ target, log, now, ...(reconnect ? { reconnect } : {}) }),
    relay: new DeviceRelay(target, RELAY_TIMEOUT_MS, now),
    mqtt: undefined,
  };
}
