import { connectAsync, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { waitFor } from './helpers/mqtt-watcher.js';
import { awaitGone, npmStart } from './helpers/npm-start.js';

/**
 * Issue 17: the MQTT status topic (integrations §1.1) says `offline` when the gateway stops —
 * published by the gateway itself on a graceful stop (normal publish path, QoS 0), and by the
 * broker as the will (QoS 2) when the process dies without a word.
 */
const STATUS_TOPIC = 'solar/dtu/status';
const suite = useMosquitto();
let subscriber: MqttClient | undefined;
afterEach(async () => {
  await subscriber?.endAsync(true);
});

async function gatewayWithStatusWatcher() {
  const { broker } = suite;
  subscriber = await connectAsync(broker.url, { connectTimeout: 5000 });
  const seen: { payload: string; qos: number }[] = [];
  // Live messages only: the retained status of an earlier run arrives with the subscription.
  subscriber.on('message', (_topic, payload, packet) => {
    if (!packet.retain) seen.push({ payload: payload.toString(), qos: packet.qos });
  });
  // QoS 2 here, so that each message arrives with the QoS it was published with.
  await subscriber.subscribeAsync(STATUS_TOPIC, { qos: 2 });
  const gw = await npmStart({
    config: { mqtt: { enabled: true, hostname: broker.host, port: broker.port } },
  });
  await waitFor(() => seen.some((m) => m.payload === 'online'), 'online status', 10_000);
  const offline = () => waitFor(() => seen.find((m) => m.payload === 'offline'), 'offline', 5000);
  return { gw, offline };
}

describe('MQTT status when the gateway stops', () => {
  it('a graceful stop publishes offline itself (QoS 0) and disconnects cleanly', async () => {
    const { gw, offline } = await gatewayWithStatusWatcher();
    const since = Date.now();
    gw.child.kill('SIGTERM');
    expect(await offline()).toEqual({ payload: 'offline', qos: 0 });
    expect(await awaitGone(gw, since)).toMatchObject({ code: 0, left: [], portFree: true });
    expect(gw.output()).toContain('MQTT: disconnected');
  });

  it('a SIGKILL of the gateway leaves the will to the broker (offline, QoS 2)', async () => {
    const { gw, offline } = await gatewayWithStatusWatcher();
    const since = Date.now();
    process.kill(gw.server.pid, 'SIGKILL');
    expect(await offline()).toEqual({ payload: 'offline', qos: 2 });
    // The launcher reports the gateway's death as 128 + 9 and nothing is left behind.
    expect(await awaitGone(gw, since)).toMatchObject({ code: 137, left: [], portFree: true });
  });
});
