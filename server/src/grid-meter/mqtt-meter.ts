import type { MqttClient } from 'mqtt';
import { pickPayloadNumber } from '@heliodtu/contract/domain/json-path';

export interface MqttMeterOptions {
  url: string;
  username: string;
  password: string;
  topics: readonly string[];
  json_path: string;
  /** The gateway's clock, epoch ms. */
  now: () => number;
  /** A new sum: one value per topic, in the meter's own sign. */
  onReading: (parts: number[], oldestAt: number) => void;
  onFault: (state: 'unreachable' | 'no_path', detail: string) => void;
}

/**
 * A meter on MQTT through a broker connection of the meter's own: one topic, or up to three
 * summed. A sum is handed on as old as its oldest phase: one phase gone stale makes the whole
 * meter stale.
 */
export class MqttMeter {
  private client: MqttClient | null = null;
  private readonly latest = new Map<string, { value: number; at: number }>();
  private closed = false;

  constructor(private readonly options: MqttMeterOptions) {}

  async start(): Promise<void> {
    const { connect } = await import('mqtt');
    if (this.closed) return;
    const o = this.options;
    const client = connect(o.url, {
      ...(o.username !== '' ? { username: o.username, password: o.password } : {}),
      reconnectPeriod: 5000,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.on('connect', () => {
      client.subscribe([...o.topics], { qos: 0 });
    });
    client.on('close', () => {
      if (!this.closed) o.onFault('unreachable', `The broker at ${o.url} is not connected.`);
    });
    client.on('error', () => undefined);
    client.on('message', (topic, payload) => this.message(topic, payload.toString('utf8')));
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

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.endAsync(true).catch(() => undefined);
  }
}
