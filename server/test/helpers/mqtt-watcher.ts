import { connectAsync, type MqttClient } from 'mqtt';

export interface SeenMessage {
  topic: string;
  payload: string;
  retain: boolean;
}

export interface MqttWatcher {
  client: MqttClient;
  readonly messages: SeenMessage[];
  /** Resolves with the first message (seen so far or arriving later) that matches. */
  next(
    topic: string,
    payload?: string,
    options?: { after?: number; timeoutMs?: number },
  ): Promise<SeenMessage>;
  close(): Promise<void>;
}

/** Poll `check` until it returns true (or a truthy value), or fail after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 8000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A second, independent MQTT client that records everything on `filters`. */
export async function watchBroker(url: string, filters: string[]): Promise<MqttWatcher> {
  const client = await connectAsync(url, { reconnectPeriod: 200, connectTimeout: 5000 });
  const messages: SeenMessage[] = [];
  client.on('message', (topic, payload, packet) =>
    messages.push({ topic, payload: payload.toString(), retain: packet.retain }),
  );
  await client.subscribeAsync(filters, { qos: 1 });
  return {
    client,
    messages,
    next(topic, payload, { after = 0, timeoutMs = 8000 } = {}) {
      const find = () =>
        messages
          .slice(after)
          .find((m) => m.topic === topic && (payload === undefined || m.payload === payload));
      return waitFor(find, `${topic} = ${payload ?? 'anything'}`, timeoutMs);
    },
    close: () => client.endAsync(true),
  };
}
