import type { z } from 'zod';

/** The shape of a described MQTT topic family and of its address parameters. */

export interface TopicParameter {
  description: string;
  /** Allowed values; none = any single level. */
  values?: readonly string[];
  /** A pattern (documentation only). */
  examples?: readonly string[];
}

export interface MqttTopic {
  address: string;
  /** `send`: the gateway publishes; `receive`: the gateway acts on what it receives. */
  action: 'send' | 'receive';
  title: string;
  description: string;
  /** Payload: plain text (described) or a JSON schema. */
  payload: { text: string } | { json: z.ZodType; name: string };
  retainedAccepted?: boolean;
}
