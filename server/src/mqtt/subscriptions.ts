/** Called for each incoming message on a subscribed filter; `retained` tells a replayed message. */
export type MqttMessageHandler = (topic: string, payload: Buffer, retained: boolean) => void;

interface Entry {
  filter: string;
  handler: MqttMessageHandler;
}

/**
 * Whether `topic` matches the subscription `filter` under the MQTT 3.1.1 wildcard rules
 * (its section 4.7): `+` is one level, a trailing `#` is any number of levels including none, and
 * wildcards at the first level never match topics starting with `$` (integrations §3.1).
 */
export function topicMatches(filter: string, topic: string): boolean {
  if (topic.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  const filterLevels = filter.split('/');
  const topicLevels = topic.split('/');
  for (let i = 0; i < filterLevels.length; i++) {
    const level = filterLevels[i];
    if (level === '#') return i === filterLevels.length - 1;
    if (i >= topicLevels.length) return false;
    if (level !== '+' && level !== topicLevels[i]) return false;
  }
  return filterLevels.length === topicLevels.length;
}

/** The handlers registered on the connection; they outlive every single broker session. */
export class Subscriptions {
  private readonly entries = new Set<Entry>();

  add(filter: string, handler: MqttMessageHandler): Entry {
    const entry = { filter, handler };
    this.entries.add(entry);
    return entry;
  }

  /** Forget `entry`; true when no other handler wants its filter any more. */
  remove(entry: Entry): boolean {
    if (!this.entries.delete(entry)) return false;
    return ![...this.entries].some((other) => other.filter === entry.filter);
  }

  /** Each filter once, for re-subscribing after a reconnect. */
  filters(): string[] {
    return [...new Set([...this.entries].map((entry) => entry.filter))];
  }

  /** Hand a message to every matching handler; a throwing handler is reported, not fatal. */
  dispatch(
    topic: string,
    payload: Buffer,
    retained: boolean,
    onError: (error: Error) => void,
  ): void {
    for (const { filter, handler } of this.entries) {
      if (!topicMatches(filter, topic)) continue;
      try {
        handler(topic, payload, retained);
      } catch (error) {
        onError(error as Error);
      }
    }
  }
}
