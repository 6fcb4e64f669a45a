import { createHash } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import type { ReconnectPolicy } from '../../reconnect-policy.js';
import { brokerTlsOptions } from './broker-trust.js';

/** What a device needs of a broker: its address, the login, its base topic. */
export interface BrokerSubscription {
  broker: string;
  username?: string;
  password?: string;
  prefix: string;
}

/** What the broker connection tells each device on it. */
export interface BrokerListener {
  /** A message below the device's base topic, the prefix taken off. */
  message(subtopic: string, payload: string): void;
  /** The broker took the connection (again): the retained tree comes with the subscription. */
  connected(): void;
  /**
   * The connection failed or dropped, with the error when there was one; `wasConnected`: the
   * broker had taken it (else it failed on the way, e.g. at the TLS handshake).
   */
  down(error: Error | undefined, wasConnected: boolean): void;
}

interface Connection {
  client: MqttClient;
  listeners: Map<BrokerListener, string>;
}

/**
 * One broker connection per broker and login, however many devices (base topics) use it:
 * each device subscribes `<prefix>#` on the shared client and gets only its own messages.
 * The last device to leave closes it.
 */
export class MqttBrokerPool {
  private readonly connections = new Map<string, Connection>();

  /** `ownCa`: the owner's CA certificates (DTU_MQTT_CA_FILE) mqtts:// brokers may chain to. */
  constructor(
    private readonly reconnect: ReconnectPolicy = { initialMs: 1000, maxMs: 30_000 },
    private readonly ownCa?: readonly string[],
  ) {}

  /** How many broker connections are open (tests: one per broker and login). */
  get size(): number {
    return this.connections.size;
  }

  /** Subscribes the device's tree; the function returned unsubscribes (and closes when last). */
  join(subscription: BrokerSubscription, listener: BrokerListener): () => Promise<void> {
    const key = connectionKey(subscription);
    let connection = this.connections.get(key);
    if (!connection) {
      connection = this.open(subscription);
      this.connections.set(key, connection);
    }
    const { client, listeners } = connection;
    listeners.set(listener, subscription.prefix);
    const filter = `${subscription.prefix}#`;
    if (client.connected) {
      client.subscribe(filter, { qos: 0 });
      listener.connected();
    }
    return async () => {
      listeners.delete(listener);
      if (listeners.size > 0) {
        if (![...listeners.values()].includes(subscription.prefix)) client.unsubscribe(filter);
        return;
      }
      this.connections.delete(key);
      await client.endAsync(true);
    };
  }

  /**
   * Publishes `<prefix><subtopic>` on the device's connection, never retained (a retained
   * command would reach the inverter again at every reconnect of the DTU). Rejects when the
   * broker connection is not up: the command did not leave.
   */
  async publish(
    subscription: BrokerSubscription,
    subtopic: string,
    payload: string,
  ): Promise<void> {
    const connection = this.connections.get(connectionKey(subscription));
    if (!connection?.client.connected) {
      throw new Error(`not connected to the broker ${subscription.broker}`);
    }
    await connection.client.publishAsync(`${subscription.prefix}${subtopic}`, payload, {
      qos: 0,
      retain: false,
    });
  }

  private open(subscription: BrokerSubscription): Connection {
    const listeners = new Map<BrokerListener, string>();
    const client = connect(subscription.broker, {
      ...(subscription.username ? { username: subscription.username } : {}),
      ...(subscription.password ? { password: subscription.password } : {}),
      reconnectPeriod: this.reconnect.initialMs,
      connectTimeout: 10_000,
      clean: true,
      ...brokerTlsOptions(subscription.broker, this.ownCa),
    });
    let up = false;
    client.on('connect', () => {
      up = true;
      const prefixes = new Set(listeners.values());
      for (const prefix of prefixes) client.subscribe(`${prefix}#`, { qos: 0 });
      for (const listener of listeners.keys()) listener.connected();
    });
    client.on('message', (topic, payload) => {
      const text = payload.toString('utf8');
      for (const [listener, prefix] of listeners) {
        if (topic.startsWith(prefix)) listener.message(topic.slice(prefix.length), text);
      }
    });
    let lastError: Error | undefined;
    client.on('error', (error) => {
      lastError = error;
      for (const listener of listeners.keys()) listener.down(error, up);
    });
    client.on('close', () => {
      for (const listener of listeners.keys()) listener.down(lastError, up);
      lastError = undefined;
      up = false;
    });
    return { client, listeners };
  }
}

/** Broker and login: the password only as a hash, so the key can never print it. */
function connectionKey({ broker, username = '', password = '' }: BrokerSubscription): string {
  const secret = createHash('sha256').update(password).digest('hex');
  return `${broker} ${username} ${secret}`;
}
