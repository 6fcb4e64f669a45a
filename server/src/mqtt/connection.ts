import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';
import type { ConfigSection, ConfigStore } from '../store/config-store.js';
import { DEFAULT_RECONNECT, type ReconnectPolicy } from '../reconnect-policy.js';
import {
  clientOptions,
  connectionSettings,
  unusableReason,
  type ConnectionSettings,
  type QoS,
} from './connection-settings.js';
import { Subscriptions, type MqttMessageHandler } from './subscriptions.js';

const END_TIMEOUT_MS = 2000;

export interface MqttPublishOptions {
  retain: boolean;
  qos?: QoS;
}

/** Where a connection's settings come from, and when they may have changed. */
export interface ConnectionSettingsSource {
  /** The settings now; undefined while the connection is switched off. */
  current(): ConnectionSettings | undefined;
  /** Calls `onChange` after the settings may have changed; answers the function that stops it. */
  follow(onChange: () => void): () => void;
}

/** The gateway's own MQTT settings (config.json's `mqtt`, POST /api/mqtt/config). */
export function storeSettingsSource(store: ConfigStore, chipId: number): ConnectionSettingsSource {
  return {
    current: () => connectionSettings(store.config.mqtt, chipId),
    follow(onChange) {
      const onSaved = (sections: ConfigSection[]) => {
        if (sections.includes('mqtt')) onChange();
      };
      store.on('saved', onSaved);
      return () => store.off('saved', onSaved);
    },
  };
}

export interface MqttConnectionOptions {
  source: ConnectionSettingsSource;
  log: (line: string) => void;
  reconnect?: ReconnectPolicy | undefined;
}

/** What the gateway's parts need of a broker connection: publish, subscribe, follow connects. */
export type MqttLink = Pick<
  MqttConnection,
  'isConnected' | 'publish' | 'subscribe' | 'on' | 'off' | 'describe'
>;

interface MqttConnectionEvents {
  /** After CONNACK, the online message and the re-subscriptions: the time to (re-)publish. */
  connect: [];
  disconnect: [];
}

/**
 * A broker connection (integrations §1, §4): the gateway's MQTT client, or a companion's own
 * broker connection (power-control §4). It follows its settings live:
 * connects when enabled, disconnects when disabled, reconnects when they change, and retries
 * with back-off when the broker goes away. It never throws into the gateway: problems become
 * console lines.
 */
export class MqttConnection extends EventEmitter<MqttConnectionEvents> {
  private client: MqttClient | undefined;
  private connected = false;
  private settings: ConnectionSettings | undefined;
  private appliedKey = JSON.stringify(undefined);
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay: number;
  private lastError = '';
  private started = false;
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly subscriptions = new Subscriptions();
  private readonly reconnect: ReconnectPolicy;
  private stopFollowing: (() => void) | undefined;

  constructor(private readonly options: MqttConnectionOptions) {
    super();
    this.reconnect = options.reconnect ?? DEFAULT_RECONNECT;
    this.retryDelay = this.reconnect.initialMs;
  }

  /** Begin following the stored settings. Returns at once; connecting happens in the background. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.stopFollowing = this.options.source.follow(() => this.apply());
    this.apply();
  }

  /** Publish the offline message, disconnect cleanly and stop following the settings. */
  stop(): Promise<void> {
    this.stopped = true;
    this.stopFollowing?.();
    return this.enqueue(() => this.teardown());
  }

  isConnected(): boolean {
    return this.connected;
  }

  /** The broker as a console line names it (host:port), or '' while switched off. */
  describe(): string {
    const settings = this.options.source.current();
    return settings ? `${settings.host}:${settings.port}` : '';
  }

  /** Publish to a full topic; nothing is sent or queued while disconnected (integrations §1.2). */
  publish(topic: string, payload: string | Buffer, options: MqttPublishOptions): boolean {
    const client = this.client;
    if (!client || !this.connected) return false;
    client.publish(topic, payload, { qos: options.qos ?? 0, retain: options.retain }, (error) => {
      if (error) this.logError(`MQTT: publish to ${topic} failed: ${error.message}`);
    });
    return true;
  }

  /** Subscribe with QoS 0, now and after every reconnect. Returns the unsubscribe function. */
  subscribe(filter: string, handler: MqttMessageHandler): () => void {
    const entry = this.subscriptions.add(filter, handler);
    if (this.connected) this.client?.subscribe(filter, { qos: 0 }, this.subscribeDone);
    return () => {
      if (this.subscriptions.remove(entry) && this.connected) this.client?.unsubscribe(filter);
    };
  }

  /** For tests: cut the socket without DISCONNECT, as a power loss would, so the broker sends the will. */
  dropConnection(): void {
    this.client?.stream.destroy();
  }

  // Listeners run inside mqtt.js's packet handling; a throw there must not break the client.
  private notify(event: 'connect' | 'disconnect'): void {
    try {
      this.emit(event);
    } catch (error) {
      this.options.log(`MQTT: ${event} handler failed: ${(error as Error).message}`);
    }
  }

  private readonly subscribeDone = (error?: Error | null) => {
    if (error) this.logError(`MQTT: subscribe failed: ${error.message}`);
  };

  private enqueue(task: () => Promise<void> | void): Promise<void> {
    const run = async () => {
      try {
        await task();
      } catch (error) {
        this.logError(`MQTT: ${(error as Error).message}`);
      }
    };
    this.queue = this.queue.then(run, run);
    return this.queue;
  }

  /** Bring the connection in line with the stored settings. */
  private apply(): void {
    void this.enqueue(async () => {
      if (this.stopped) return;
      const settings = this.options.source.current();
      const key = JSON.stringify(settings);
      if (key === this.appliedKey) return;
      this.appliedKey = key;
      await this.teardown();
      this.settings = settings;
      this.retryDelay = this.reconnect.initialMs;
      this.lastError = '';
      if (settings) await this.open(settings);
    });
  }

  private async open(settings: ConnectionSettings): Promise<void> {
    const unusable = unusableReason(settings);
    if (unusable) {
      this.logError(`MQTT: not connecting: ${unusable}`);
      return;
    }
    let client: MqttClient;
    try {
      // Loaded on first use: most gateways never enable MQTT, and mqtt.js costs ~100 ms and
      // several MiB at start-up (bench/gateway-process.mjs).
      const { connect } = await loadMqtt();
      client = connect(clientOptions(settings));
    } catch (error) {
      this.logError(`MQTT: cannot connect: ${(error as Error).message}`);
      this.scheduleRetry(settings);
      return;
    }
    this.client = client;
    const current = () => this.client === client;
    client.on('connect', () => {
      if (!current()) return;
      this.connected = true;
      this.retryDelay = this.reconnect.initialMs;
      this.lastError = '';
      this.options.log(`MQTT: connected to ${settings.host}:${settings.port}`);
      const { topic, online } = settings.will;
      // The normal publish path (QoS 0), not the will's QoS, as the device does.
      client.publish(topic, online, { qos: 0, retain: settings.retain });
      for (const filter of this.subscriptions.filters()) {
        client.subscribe(filter, { qos: 0 }, this.subscribeDone);
      }
      this.notify('connect');
    });
    client.on('message', (topic, payload, packet) =>
      this.subscriptions.dispatch(topic, payload, packet.retain, (error) =>
        this.options.log(`MQTT: handling ${topic} failed: ${error.message}`),
      ),
    );
    client.on('error', (error) => {
      if (current())
        this.logError(`MQTT: ${settings.host}:${settings.port}: ${shortMessage(error)}`);
    });
    client.on('close', () => {
      if (!current()) return;
      this.client = undefined;
      client.end(true);
      if (this.connected) {
        this.connected = false;
        this.options.log('MQTT: connection lost');
        this.notify('disconnect');
      }
      this.scheduleRetry(settings);
    });
  }

  private scheduleRetry(settings: ConnectionSettings): void {
    if (this.stopped || this.settings !== settings) return;
    clearTimeout(this.retryTimer);
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.reconnect.maxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.enqueue(async () => {
        if (!this.stopped && this.settings === settings && !this.client) await this.open(settings);
      });
    }, delay);
    this.retryTimer.unref();
  }

  /** Disconnect deliberately: offline message first, since a clean DISCONNECT suppresses the will. */
  private async teardown(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    const settings = this.settings;
    const wasConnected = this.connected;
    this.client = undefined;
    this.connected = false;
    this.settings = undefined;
    if (!client) return;
    if (wasConnected && settings) {
      client.publish(settings.will.topic, settings.will.offline, {
        qos: 0,
        retain: settings.retain,
      });
      await endWithin(client, END_TIMEOUT_MS);
      this.options.log('MQTT: disconnected');
      this.notify('disconnect');
    } else {
      client.end(true);
    }
  }

  // The same failure on every retry is logged once, until something else happens.
  private logError(line: string): void {
    if (line === this.lastError) return;
    this.lastError = line;
    this.options.log(line);
  }
}

const loadMqtt = () => import('mqtt');

async function endWithin(client: MqttClient, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([
    new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
    timeout,
  ]);
  clearTimeout(timer);
  if (!client.disconnected) client.end(true);
}

// OpenSSL errors carry library, function and source file; the reason at their end is what a user needs.
function shortMessage(error: Error): string {
  const openssl = /error:[0-9A-F]+:[^:]*:[^:]*:([^:]+)/.exec(error.message);
  return (openssl?.[1] ?? error.message).trim();
}
