import { describe, expect, it } from 'vitest';
import { MqttConfigSchema, type MqttConfigPost } from '@heliodtu/contract/mqtt';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import { useMosquitto } from '../../test/helpers/mosquitto-suite.js';
import {
  FAST_RECONNECT,
  configureMqtt,
  consoleText,
  mqttConnected,
} from '../../test/helpers/mqtt-gateway.js';
import { waitFor } from '../../test/helpers/mqtt-watcher.js';

const mosquitto = useMosquitto({ credentials: { username: 'dtu', password: 's3cret' } });
const { watch } = mosquitto;

const enable = (gw: TestGateway, change: Partial<MqttConfigPost>) =>
  configureMqtt(gw, mosquitto.broker, change);

describe('MQTT connection against Mosquitto', () => {
  it('connects when enabled, with the configured client id, keep-alive 15 and online retained', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    const watcher = await watch('t1/#');
    expect(await mqttConnected(gw)).toBe(false);
    await enable(gw, { mqtt_topic: 't1/', mqtt_clientid: 'helio-t1', mqtt_clean_session: false });
    await waitFor(() => mqttConnected(gw), 'connected');
    await watcher.next('t1/dtu/status', 'online');
    // p2 = MQTT 3.1.1, c0 = clean session off, k15 = keep-alive; no username was sent.
    expect(mosquitto.broker.log()).toMatch(/as helio-t1 \(p2, c0, k15\)/);
    expect(consoleText(gw)).toContain(`MQTT: connected to 127.0.0.1:${mosquitto.broker.port}`);

    // A late subscriber gets the retained online message.
    const late = await watch('t1/dtu/status');
    expect(await late.next('t1/dtu/status', 'online')).toMatchObject({ retain: true });

    // Disabling publishes offline and disconnects.
    await gw.post('/api/mqtt/config', {
      ...MqttConfigSchema.parse(await gw.get('/api/mqtt/config')),
      mqtt_enabled: false,
    });
    await watcher.next('t1/dtu/status', 'offline');
    await waitFor(async () => !(await mqttConnected(gw)), 'disconnected');
    expect(gw.app.mqtt.publish('t1/x', 'y', { retain: false })).toBe(false);
  });

  it('an unclean drop makes the broker send the will; the client reconnects and is online again', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    const watcher = await watch('t2/#');
    await enable(gw, {
      mqtt_topic: 't2/',
      mqtt_lwt_topic: 'state',
      mqtt_lwt_offline: 'gone',
      mqtt_lwt_qos: 1,
    });
    await watcher.next('t2/state', 'online');
    const mark = watcher.messages.length;
    gw.app.mqtt.dropConnection();
    await watcher.next('t2/state', 'gone', { after: mark });
    const afterWill = watcher.messages.findIndex((m, i) => i >= mark && m.payload === 'gone');
    await watcher.next('t2/state', 'online', { after: afterWill });
    await waitFor(() => mqttConnected(gw), 'reconnected');
  });

  it('broker stopped and started again: status flips, the client reconnects, re-subscribes and emits connect', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    let connects = 0;
    gw.app.mqtt.on('connect', () => connects++);
    const received: string[] = [];
    gw.app.mqtt.subscribe('t3/+/cmd/power', (topic, payload) =>
      received.push(`${topic}=${payload.toString()}`),
    );
    await enable(gw, { mqtt_topic: 't3/' });
    await waitFor(() => mqttConnected(gw), 'connected');
    expect(connects).toBe(1);

    await mosquitto.broker.stop();
    await waitFor(async () => !(await mqttConnected(gw)), 'status false while the broker is down');
    expect(consoleText(gw)).toContain('MQTT: connection lost');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await mosquitto.broker.start();
    await waitFor(() => mqttConnected(gw), 'status true after the broker is back');
    expect(connects).toBe(2);

    const watcher = await watch('t3/#');
    await watcher.next('t3/dtu/status', 'online');
    await watcher.client.publishAsync('t3/112233445566/cmd/power', '1');
    await waitFor(() => received.length > 0, 'command received after reconnect');
    expect(received).toEqual(['t3/112233445566/cmd/power=1']);
  });

  it('publish and subscribe: QoS and retain as asked, unsubscribe, a throwing handler is only logged', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    gw.app.mqtt.on('connect', () => {
      throw new Error('listener broke');
    });
    await enable(gw, { mqtt_topic: 't4/' });
    await waitFor(() => mqttConnected(gw), 'connected');
    expect(consoleText(gw)).toContain('MQTT: connect handler failed: listener broke');
    const watcher = await watch('t4/value');
    expect(gw.app.mqtt.publish('t4/value', '42.00', { retain: true })).toBe(true);
    expect(await watcher.next('t4/value', '42.00')).toBeDefined();

    const seen: string[] = [];
    gw.app.mqtt.subscribe('t4/cmd/#', () => {
      throw new Error('handler broke');
    });
    const unsubscribe = gw.app.mqtt.subscribe('t4/cmd/#', (topic, payload, retained) =>
      seen.push(`${topic}:${payload.toString()}:${retained}`),
    );
    // The SUBSCRIBE is in flight: send until the broker routes one to us, instead of guessing a delay.
    await waitFor(async () => {
      await watcher.client.publishAsync('t4/cmd/a', 'one');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return seen.length > 0;
    }, 'first command');
    expect(new Set(seen)).toEqual(new Set(['t4/cmd/a:one:false']));
    const count = seen.length;
    expect(consoleText(gw)).toContain('MQTT: handling t4/cmd/a failed: handler broke');
    unsubscribe();
    await watcher.client.publishAsync('t4/cmd/b', 'two');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toHaveLength(count);
    expect(await mqttConnected(gw)).toBe(true);
  });

  it('changed settings while connected: offline on the old will topic, online on the new one', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    const watcher = await watch('t5a/#', 't5b/#');
    await enable(gw, { mqtt_topic: 't5a/' });
    await watcher.next('t5a/dtu/status', 'online');
    await enable(gw, { mqtt_topic: 't5b/' });
    await watcher.next('t5a/dtu/status', 'offline');
    await watcher.next('t5b/dtu/status', 'online');
    expect(await mqttConnected(gw)).toBe(true);
  });

  it('user and password: refused with the wrong password, connected with the right one', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await enable(gw, {
      mqtt_port: mosquitto.broker.authPort!,
      mqtt_username: 'dtu',
      mqtt_password: 'wrong',
    });
    await waitFor(() => /Not authorized/i.test(consoleText(gw)), 'refusal on the console');
    expect(await mqttConnected(gw)).toBe(false);
    await enable(gw, {
      mqtt_port: mosquitto.broker.authPort!,
      mqtt_username: 'dtu',
      mqtt_password: 's3cret',
    });
    await waitFor(() => mqttConnected(gw), 'connected with credentials');
    expect(mosquitto.broker.log()).toMatch(/\(p2, c1, k15, u'dtu'\)/);
  });

  it('follows the saved settings across a reboot; closing publishes offline', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    const watcher = await watch('t7/#');
    await enable(gw, { mqtt_topic: 't7/' });
    await watcher.next('t7/dtu/status', 'online');
    const mark = watcher.messages.length;
    const rebooted = await gw.reboot();
    await watcher.next('t7/dtu/status', 'offline', { after: mark });
    await waitFor(() => mqttConnected(rebooted), 'connected after the reboot');
    await watcher.next('t7/dtu/status', 'online', { after: mark });
  });

  it('an unreachable broker never blocks the API: answers stay fast while it retries', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await enable(gw, { mqtt_hostname: '127.0.0.1', mqtt_port: 1 });
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect(await mqttConnected(gw)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    await waitFor(() => consoleText(gw).includes('ECONNREFUSED'), 'refusal on the console');
  });
});
