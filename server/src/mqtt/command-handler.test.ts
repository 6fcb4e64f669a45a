import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InverterListSchema } from '@heliodtu/contract/inverter';
import { LimitStatusSchema } from '@heliodtu/contract/limit';
import { LiveDataFullStatusSchema } from '@heliodtu/contract/live-data';
import { PowerStatusSchema } from '@heliodtu/contract/power';
import type { TestGateway } from '../../test/helpers/build-test-app.js';
import {
  HM_SERIAL,
  HMS_SERIAL,
  HMT_SERIAL,
  buildLiveGateway,
} from '../../test/helpers/live-gateway.js';
import { startMosquitto, type Mosquitto } from '../../test/helpers/mosquitto.js';
import {
  FAST_RECONNECT,
  connectMqtt,
  consoleText,
  mqttConnected,
} from '../../test/helpers/mqtt-gateway.js';
import { waitFor, watchBroker, type MqttWatcher } from '../../test/helpers/mqtt-watcher.js';

let broker: Mosquitto;
let watcher: MqttWatcher;
beforeAll(async () => {
  broker = await startMosquitto();
  watcher = await watchBroker(broker.url, ['c1/#', 'c2/#']);
});
afterAll(async () => {
  await watcher.close();
  await broker.dispose();
});

const send = (topic: string, payload: string, retain = false) =>
  watcher.client.publishAsync(topic, payload, { qos: 1, retain });

const limitOf = async (gw: TestGateway, serial: string) =>
  LimitStatusSchema.parse(await gw.get('/api/limit/status'))[serial];
const powerOf = async (gw: TestGateway, serial: string) =>
  PowerStatusSchema.parse(await gw.get('/api/power/status'))[serial]?.power_set_status;
const liveOf = async (gw: TestGateway, serial: string) =>
  LiveDataFullStatusSchema.parse(await gw.get(`/api/livedata/status?inv=${serial}`)).inverters[0];
const consoleHas = (gw: TestGateway, text: string) =>
  waitFor(() => consoleText(gw).includes(text), `console: ${text}`);

async function readyGateway(): Promise<TestGateway> {
  const gw = await buildLiveGateway({ ...FAST_RECONNECT, simSpeed: 60 });
  await waitFor(
    () =>
      gw.app.device.inverterState(HM_SERIAL)?.limitKnown &&
      gw.app.device.devInfo(HM_SERIAL)?.valid_data,
    'HM limit and device info',
    15_000,
  );
  return gw;
}

describe('MQTT command topics (integrations §3)', () => {
  it('limit, power, restart and reset commands take the REST command path', async () => {
    const gw = await readyGateway();
    await connectMqtt(gw, broker, { mqtt_topic: 'c1/' });
    const cmd = (name: string, serial: string = HM_SERIAL) => `c1/${serial}/cmd/${name}`;
    // The subscriptions are in place once a first command is answered.
    await waitFor(async () => {
      await send(cmd('reset_rf_stats'), '1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return consoleText(gw).includes(`MQTT: radio statistics of ${HM_SERIAL} reset`);
    }, 'subscriptions active');

    await send(cmd('limit_nonpersistent_relative'), '50');
    await consoleHas(gw, `TX ActivePowerControl ${HM_SERIAL}: 50 %`);
    await waitFor(async () => {
      const limit = await limitOf(gw, HM_SERIAL);
      return limit?.limit_set_status === 'Ok' && limit.limit_relative === 50;
    }, 'limit 50 % acknowledged');
    // The acknowledged limit shows on the status topics at a following run.
    await watcher.next(`c1/${HM_SERIAL}/status/limit_relative`, '50.00', { timeoutMs: 9000 });
    await watcher.next(`c1/${HM_SERIAL}/status/limit_absolute`, '400.00', { timeoutMs: 9000 });

    await send(cmd('limit_persistent_relative'), '150%');
    await consoleHas(gw, `TX ActivePowerControl ${HM_SERIAL}: 100 %`);
    await send(cmd('limit_persistent_absolute'), ' 600W');
    await consoleHas(gw, `TX ActivePowerControl ${HM_SERIAL}: 600 W`);
    await waitFor(
      async () => (await limitOf(gw, HM_SERIAL))?.limit_relative === 75,
      'limit 600 W = 75 %',
    );
    // MQTT does not apply the web API's 2250 W check.
    await send(cmd('limit_nonpersistent_absolute', HMS_SERIAL), '3000');
    await consoleHas(gw, `TX ActivePowerControl ${HMS_SERIAL}: 3000 W`);

    await send(cmd('power', HMS_SERIAL), '0.5');
    await consoleHas(gw, `TX PowerControl ${HMS_SERIAL}: off`);
    await waitFor(
      async () => (await liveOf(gw, HMS_SERIAL))?.producing === false,
      'HMS switched off',
    );
    await send(cmd('power', HMS_SERIAL), '2');
    await consoleHas(gw, `TX PowerControl ${HMS_SERIAL}: on`);
    await waitFor(async () => (await powerOf(gw, HMS_SERIAL)) === 'Ok', 'power on acknowledged');
    await send(cmd('restart', HMT_SERIAL), '1.0');
    await consoleHas(gw, `TX PowerControl ${HMT_SERIAL}: restart`);

    const before = (await liveOf(gw, HMT_SERIAL))?.radio_stats.tx_request ?? 0;
    expect(before).toBeGreaterThan(5);
    await send(cmd('reset_rf_stats', HMT_SERIAL.toUpperCase()), '1');
    await consoleHas(gw, `MQTT: radio statistics of ${HMT_SERIAL} reset`);
    expect((await liveOf(gw, HMT_SERIAL))?.radio_stats.tx_request ?? 99).toBeLessThan(before);
  });

  it('bad payloads are ignored with a console line; the gateway stays up and nothing changes', async () => {
    const gw = await readyGateway();
    await connectMqtt(gw, broker, { mqtt_topic: 'c1/' });
    const cmd = (name: string, serial: string = HM_SERIAL) => `c1/${serial}/cmd/${name}`;
    const limitBefore = await limitOf(gw, HM_SERIAL);
    await waitFor(async () => {
      await send(cmd('power'), 'on');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return consoleText(gw).includes(
        `MQTT: ignored ${cmd('power')}: payload "on" is not a number`,
      );
    }, 'subscriptions active');
    const cases: [string, string, string][] = [
      [cmd('limit_persistent_absolute'), '1e99', 'payload "1e99" is out of range'],
      [cmd('limit_persistent_relative'), '{"v":50}', 'payload "{\\"v\\":50}" is not a number'],
      [cmd('limit_nonpersistent_relative'), '', 'payload "" is not a number'],
      [cmd('limit_nonpersistent_absolute'), '-5', 'negative limit "-5"'],
      [cmd('limit_nonpersistent_absolute'), '70000', 'limit "70000" too large'],
      [cmd('power'), 'nan', 'payload "nan" is not a number'],
      [cmd('restart'), '2', 'restart needs payload 1, got "2"'],
      [cmd('reset_rf_stats'), 'true', 'payload "true" is not a number'],
      [cmd('power', '999999999999'), '1', 'no inverter with this serial'],
    ];
    for (const [topic, payload, reason] of cases) {
      await send(topic, payload);
      await consoleHas(gw, `MQTT: ignored ${topic}: ${reason}`);
    }
    expect(consoleText(gw)).not.toContain(`TX ActivePowerControl ${HM_SERIAL}`);
    expect(consoleText(gw)).not.toContain(`TX PowerControl ${HM_SERIAL}`);
    expect(await limitOf(gw, HM_SERIAL)).toEqual(limitBefore);
    expect(await mqttConnected(gw)).toBe(true);
    expect(await gw.get('/api/system/status')).toMatchObject({ hostname: expect.any(String) });
  });

  it('retained: persistent limits and power apply at connect, the other commands are ignored', async () => {
    const gw = await readyGateway();
    const cmd = (name: string, serial: string = HM_SERIAL) => `c2/${serial}/cmd/${name}`;
    // Left on the broker before the gateway subscribes, so they arrive flagged as retained.
    await send(cmd('limit_nonpersistent_relative'), '20', true);
    await send(cmd('limit_persistent_relative'), '90', true);
    await send(cmd('restart', HMT_SERIAL), '1', true);
    await send(cmd('reset_rf_stats', HMT_SERIAL), '1', true);
    await send(cmd('power', HMS_SERIAL), '0', true);
    await connectMqtt(gw, broker, { mqtt_topic: 'c2/' });
    await consoleHas(
      gw,
      `MQTT: ignored ${cmd('limit_nonpersistent_relative')}: retained limit_nonpersistent_relative ignored`,
    );
    await consoleHas(gw, `MQTT: ignored ${cmd('restart', HMT_SERIAL)}: retained restart ignored`);
    await consoleHas(
      gw,
      `MQTT: ignored ${cmd('reset_rf_stats', HMT_SERIAL)}: retained reset_rf_stats ignored`,
    );
    await consoleHas(gw, `TX ActivePowerControl ${HM_SERIAL}: 90 %`);
    await consoleHas(gw, `TX PowerControl ${HMS_SERIAL}: off`);
    expect(consoleText(gw)).not.toContain(`TX ActivePowerControl ${HM_SERIAL}: 20 %`);
    expect(consoleText(gw)).not.toContain(`TX PowerControl ${HMT_SERIAL}: restart`);
    for (const name of ['limit_nonpersistent_relative', 'limit_persistent_relative'])
      await send(cmd(name), '', true);
    for (const name of ['restart', 'reset_rf_stats']) await send(cmd(name, HMT_SERIAL), '', true);
    await send(cmd('power', HMS_SERIAL), '', true);
  });

  it('a new base topic moves the command filters: the old topics go unheard (integrations §3.1)', async () => {
    const gw = await buildLiveGateway({ ...FAST_RECONNECT, simSpeed: 60 }, { waitForData: false });
    await connectMqtt(gw, broker, { mqtt_topic: 'c1/' });
    const reset = (base: string) => `${base}${HM_SERIAL}/cmd/reset_rf_stats`;
    const resets = () =>
      consoleText(gw).split(`MQTT: radio statistics of ${HM_SERIAL} reset`).length - 1;
    await waitFor(async () => {
      await send(reset('c1/'), '1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return resets() > 0;
    }, 'old base topic heard');
    await connectMqtt(gw, broker, { mqtt_topic: 'c3/' });
    await waitFor(async () => {
      await send(reset('c3/'), '1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return resets() > 1;
    }, 'new base topic heard');
    const before = resets();
    await send(reset('c1/'), '1');
    // A marker after it on the new topic: once the marker is handled, the old one was not.
    await send(reset('c3/'), '2');
    await consoleHas(gw, `MQTT: ignored ${reset('c3/')}: reset_rf_stats needs payload 1, got "2"`);
    expect(resets()).toBe(before);
    // Not even received: the old filters are gone from the broker.
    expect(consoleText(gw)).not.toContain(`MQTT: ignored ${reset('c1/')}`);
  });

  it('commands disabled for an inverter are dropped silently, reset_rf_stats still works', async () => {
    const gw = await readyGateway();
    const list = InverterListSchema.parse(await gw.get('/api/inverter/list')).inverter;
    const hmt = list.find((i) => i.serial === HMT_SERIAL);
    expect(await gw.post('/api/inverter/edit', { ...hmt, command_enable: false })).toMatchObject({
      code: 4007,
    });
    await connectMqtt(gw, broker, { mqtt_topic: 'c1/' });
    const cmd = (name: string) => `c1/${HMT_SERIAL}/cmd/${name}`;
    await waitFor(async () => {
      await send(cmd('reset_rf_stats'), '1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return consoleText(gw).includes(`MQTT: radio statistics of ${HMT_SERIAL} reset`);
    }, 'reset works with commands disabled');
    await send(cmd('limit_nonpersistent_relative'), '10');
    await send(cmd('power'), '0');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(consoleText(gw)).not.toMatch(
      new RegExp(`TX (ActivePowerControl|PowerControl) ${HMT_SERIAL}`),
    );
    expect(consoleText(gw)).not.toContain(`MQTT: ignored ${cmd('power')}`);
    expect((await limitOf(gw, HMT_SERIAL))?.limit_set_status).toBe('Ok');
  });
});
