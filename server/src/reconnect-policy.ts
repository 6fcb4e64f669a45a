/** How a client of ours retries a peer that went away (the MQTT broker, an OpenDTU device). */
export interface ReconnectPolicy {
  /** Wait before the first retry; doubles after every failed attempt. */
  initialMs: number;
  maxMs: number;
}

/** 1 s doubling to 30 s: quick after a blip, at most one try per 30 s during a long outage. */
export const DEFAULT_RECONNECT: ReconnectPolicy = { initialMs: 1000, maxMs: 30_000 };
