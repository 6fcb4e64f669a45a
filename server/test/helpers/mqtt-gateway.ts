import { expect } from 'vitest';
import { MqttConfigSchema, MqttStatusSchema, type MqttConfigPost } from '@heliodtu/contract/mqtt';
import type { TestGateway } from './build-test-app.js';
import type { Mosquitto } from './mosquitto.js';
import { waitFor, type MqttWatcher, type SeenMessage } from './mqtt-watcher.js';

/** Short reconnect back-off for tests (GatewayOptions.mqttReconnect). */
export const FAST_RECONNECT = { mqttReconnect: { initialMs: 100, maxMs: 400 } };

export const mqttConnected = async (gw: TestGateway) =>
  MqttStatusSchema.parse(await gw.get('/api/mqtt/status')).mqtt_connected;

export const consoleText = (gw: TestGateway) => gw.app.consoleLog.backlog().join('');

/** Point the gateway at `broker` through POST /api/mqtt/config, with `change` on top. */
export async function configureMqtt(
  gw: TestGateway,
  broker: Mosquitto,
  change: Partial<MqttConfigPost>,
): Promise<void> {
  const current = MqttConfigSchema.parse(await gw.get('/api/mqtt/config'));
  const post = {
    ...current,
    mqtt_enabled: true,
    mqtt_hostname: broker.host,
    mqtt_port: broker.port,
  };
  expect(await gw.post('/api/mqtt/config', { ...post, ...change })).toMatchObject({ code: 1001 });
}

/** Connect and wait for the status to say so. */
export async function connectMqtt(
  gw: TestGateway,
  broker: Mosquitto,
  change: Partial<MqttConfigPost>,
): Promise<void> {
  await configureMqtt(gw, broker, change);
  await waitFor(() => mqttConnected(gw), 'MQTT connected');
}

/**
 * The messages of one publish run: from the first `<base>dtu/uptime` at or after `after` to the
 * run's last message, `<base>dc/is_valid` (integrations §1.3 order: DTU, inverters, totals).
 */
export async function nextRun(
  watcher: MqttWatcher,
  base: string,
  after = 0,
  timeoutMs = 10_000,
): Promise<{ messages: SeenMessage[]; end: number }> {
  const start = await waitFor(
    () => {
      const i = watcher.messages.findIndex((m, k) => k >= after && m.topic === `${base}dtu/uptime`);
      return i >= 0 ? i + 1 : 0;
    },
    `${base}dtu/uptime`,
    timeoutMs,
  );
  const end = await waitFor(
    () => {
      const i = watcher.messages.findIndex(
        (m, k) => k >= start - 1 && m.topic === `${base}dc/is_valid`,
      );
      return i >= 0 ? i + 1 : 0;
    },
    `${base}dc/is_valid`,
    timeoutMs,
  );
  return { messages: watcher.messages.slice(start - 1, end), end };
}

/** topic → payload of a run (the last message wins). */
export const payloadMap = (messages: SeenMessage[]) =>
  new Map(messages.map((m) => [m.topic, m.payload]));
