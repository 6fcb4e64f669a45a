import { pickPayloadNumber } from '@heliodtu/contract/domain/json-path';
import type { MqttMessageHandler } from '../mqtt/subscriptions.js';

/** What the meter needs of a broker connection (an MqttConnection). */
export interface MqttSubscribeLink {
  isConnected(): boolean;
  /** Subscribes now and after every reconnect; answers the function that unsubscribes. */
  subscribe(filter: string, handler: MqttMessageHandler): () => void;
  on(event: 'connect' | 'disconnect', listener: () => void): unknown;
  off(event: 'connect' | 'disconnect', listener: () => void): unknown;
}

/** A broker connection for the MQTT meter and the name a state's detail gives it. */
export interface MqttMeterLink {
  link: MqttSubscribeLink;
  name: string;
}

export interface MqttMeterOptions {
  /** The broker connection the topics are read through (it reconnects on its own). */
  link: MqttMeterLink['link'];
  /** The connection as the owner knows it, for the state's detail line. */
  linkName: string;
  topics: readonly string[];
  json_path: string;
  /** The gateway's clock, epoch ms. */
  now: () => number;
  /** A new sum: one value per topic, in the meter's own sign. */
  onReading: (parts: number[], oldestAt: number) => void;
  onFault: (state: 'unreachable' | 'no_path', detail: string) => void;
  /** The connection is (back) up: the meter waits for readings again. */
  onConnected: () => void;
}

/**
 * A meter on MQTT: one topic, or up to three summed, read through a broker connection that is
 * not the meter's own (the simulated gateway's MQTT, or HelioDTU's own broker connection), so it
 * follows that connection's reconnects and changes of settings. A sum is handed on as old as its
 * oldest phase: one phase gone stale makes the whole meter stale.
 */
export class MqttMeter {
  private readonly latest = new Map<string, { value: number; at: number }>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly onDisconnect = () => this.unreachable();
  private readonly onConnect = () => this.options.onConnected();

  constructor(private readonly options: MqttMeterOptions) {}

  start(): void {
    const { link, topics } = this.options;
    for (const topic of topics) {
      this.unsubscribe.push(
        link.subscribe(topic, (t, payload, retained) => {
          // A replayed retained value may be hours old: only live readings count.
          if (!retained) this.message(t, payload.toString('utf8'));
        }),
      );
    }
    link.on('disconnect', this.onDisconnect);
    link.on('connect', this.onConnect);
    if (!link.isConnected()) this.unreachable();
  }

  private unreachable(): void {
    this.options.onFault('unreachable', `${this.options.linkName} is not connected.`);
  }

  private message(topic: string, text: string): void {
    const o = this.options;
    if (!o.topics.includes(topic)) return;
    const value = pickPayloadNumber(text.trim(), o.json_path);
    if (value === null) {
      o.onFault('no_path', `The payload on ${topic} has no number at ${o.json_path || 'its top'}.`);
      return;
    }
    const now = o.now();
    this.latest.set(topic, { value, at: now });
    const parts: number[] = [];
    let oldestAt = now;
    for (const t of o.topics) {
      const entry = this.latest.get(t);
      if (!entry) return;
      parts.push(entry.value);
      oldestAt = Math.min(oldestAt, entry.at);
    }
    o.onReading(parts, oldestAt);
  }

  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.options.link.off('disconnect', this.onDisconnect);
    this.options.link.off('connect', this.onConnect);
  }
}
