import { describe, expect, it } from 'vitest';
import { InverterListSchema } from '@heliodtu/contract/inverter';
import { MqttConfigSchema } from '@heliodtu/contract/mqtt';
import { SystemStatusSchema } from '@heliodtu/contract/system';
import type { TestGateway } from '../../test/helpers/build-test-app.js';
import {
  DEMO_SERIALS,
  HM_SERIAL,
  HMS_SERIAL,
  buildLiveGateway,
} from '../../test/helpers/live-gateway.js';
import { startMosquitto } from '../../test/helpers/mosquitto.js';
import { useMosquitto } from '../../test/helpers/mosquitto-suite.js';
import {
  FAST_RECONNECT,
  connectMqtt,
  consoleText,
  mqttConnected,
  nextRun,
} from '../../test/helpers/mqtt-gateway.js';
import { waitFor, watchBroker, type SeenMessage } from '../../test/helpers/mqtt-watcher.js';

const mosquitto = useMosquitto();
const watch = mosquitto.watchAt;

/** HM-800 (2 inputs), HMS-2000-4T (4), HMT-2250-6T (6): 12 DTU + (17 + 11 + 6 n) per inverter. */
const FULL_SET = 12 + (28 + 12) + (28 + 24) + (28 + 36);

type Config = Record<string, unknown> & { dev: Record<string, unknown> };

/** The retained discovery set of the fleet a new subscriber gets: topic → parsed config. */
async function retainedConfigs(
  url: string,
  prefix: string,
  count: number,
): Promise<Map<string, Config>> {
  const late = await watch(url, `${prefix}#`);
  // The house's entities (grid meter, export control) have their own test (house-mqtt.test.ts).
  const fleet = () => late.messages.filter((m) => !/_house\//.test(m.topic));
  await waitFor(() => fleet().length >= count, `${count} retained configs`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(late.messages.every((m) => m.retain)).toBe(true);
  return new Map(fleet().map((m) => [m.topic, JSON.parse(m.payload) as Config]));
}

async function saveMqtt(gw: TestGateway, change: Record<string, unknown>) {
  const current = MqttConfigSchema.parse(await gw.get('/api/mqtt/config'));
  expect(await gw.post('/api/mqtt/config', { ...current, ...change })).toMatchObject({
    code: 1001,
  });
}

const REQUIRED: Record<string, string[]> = {
  sensor: ['dev', 'name', 'uniq_id', 'stat_t'],
  binary_sensor: ['dev', 'name', 'uniq_id', 'stat_t', 'pl_on', 'pl_off'],
  button: ['dev', 'name', 'uniq_id', 'cmd_t', 'payload_press'],
  number: ['dev', 'name', 'uniq_id', 'cmd_t', 'stat_t', 'min', 'max', 'step'],
};

describe('Home Assistant discovery against Mosquitto (integrations §5)', () => {
  it('announces the demo fleet on connect: valid JSON with the fields HA needs, topics that exist', async () => {
    const gw = await buildLiveGateway({ ...FAST_RECONNECT, simSpeed: 60 });
    // The limit topics exist once the limits were read (about 4 min of device time).
    await waitFor(
      () => DEMO_SERIALS.every((s) => gw.app.device.inverterState(s)?.limitKnown),
      'limits read',
      15_000,
    );
    const tree = await watch(mosquitto.broker.url, 'h1/#');
    await connectMqtt(gw, mosquitto.broker, {
      mqtt_topic: 'h1/',
      mqtt_hass_enabled: true,
      mqtt_hass_topic: 'ha1/',
      mqtt_hass_individualpanels: true,
    });
    const configs = await retainedConfigs(mosquitto.broker.url, 'ha1/', FULL_SET);
    expect(configs.size).toBe(FULL_SET);
    const system = SystemStatusSchema.parse(await gw.get('/api/system/status'));
    const dtuId = `${system.hostname}_${gw.app.system.chipId}`;

    const uniqueIds = new Set<unknown>();
    for (const [topic, config] of configs) {
      const [, component, node, objectId, last] = topic.split('/');
      expect(last).toBe('config');
      expect(Object.keys(REQUIRED)).toContain(component);
      for (const key of REQUIRED[component ?? ''] ?? [])
        expect([topic, key, config[key]]).not.toContain(undefined);
      uniqueIds.add(config['uniq_id']);
      expect(config['uniq_id']).toMatch(new RegExp(`_${objectId}$`));
      if (node === dtuId) {
        expect(config.dev).toMatchObject({
          ids: dtuId,
          name: system.hostname,
          mf: 'OpenDTU',
          sw: 'v24.11.7',
        });
      } else {
        const serial = node?.replace('dtu_', '');
        expect(DEMO_SERIALS).toContain(serial);
        expect(config.dev).toMatchObject({ ids: serial, via_device: dtuId, sw: 'v24.11.7' });
      }
      if (typeof config['exp_aft'] === 'number') expect(config['exp_aft']).toBe(3 * 5 * 2);
    }
    expect(uniqueIds.size).toBe(FULL_SET);
    expect(configs.get(`ha1/sensor/dtu_${HM_SERIAL}/ch2_Irradiation/config`)).toMatchObject({
      name: 'CH2 Irradiation',
      stat_t: `h1/${HM_SERIAL}/2/irradiation`,
      unit_of_meas: '%',
    });
    expect(
      configs.get(`ha1/number/dtu_${HM_SERIAL}/limit_persistent_relative/config`),
    ).toMatchObject({ min: 0, max: 100, step: 0.1 });

    // Every state topic HA listens to is one the gateway publishes.
    await nextRun(tree, 'h1/');
    const published = new Set(tree.messages.map((m) => m.topic));
    for (const config of configs.values()) {
      if (typeof config['stat_t'] === 'string') expect(published).toContain(config['stat_t']);
      if (typeof config['avty_t'] === 'string') expect(config['avty_t']).toBe('h1/dtu/status');
    }

    // Pressing a button in HA is a command to the inverter.
    const off = configs.get(`ha1/button/dtu_${HMS_SERIAL}/turn_inverter_off/config`);
    await tree.client.publishAsync(String(off?.['cmd_t']), String(off?.['payload_press']));
    await waitFor(
      () => consoleText(gw).includes(`TX PowerControl ${HMS_SERIAL}: off`),
      'button pressed',
    );
  });

  it('re-publishes on settings changes and removes what is gone: DC sensors, a deleted inverter', async () => {
    const gw = await buildLiveGateway({ ...FAST_RECONNECT, simSpeed: 60 }, { waitForData: false });
    const seen = await watch(mosquitto.broker.url, 'ha2/#');
    await connectMqtt(gw, mosquitto.broker, {
      mqtt_topic: 'h2/',
      mqtt_hass_enabled: true,
      mqtt_hass_topic: 'ha2/',
      mqtt_hass_individualpanels: true,
    });
    await waitFor(() => seen.messages.length >= FULL_SET, 'first discovery');

    // Individual panels off: each DC sensor config gets an empty retained payload.
    let mark = seen.messages.length;
    await saveMqtt(gw, { mqtt_hass_individualpanels: false });
    const emptied = (from: number) => seen.messages.slice(from).filter((m) => m.payload === '');
    await waitFor(() => emptied(mark).length >= 6 * 12, 'DC sensors removed');
    expect(emptied(mark).every((m) => /\/ch[1-6]_\w+\/config$/.test(m.topic))).toBe(true);
    expect((await retainedConfigs(mosquitto.broker.url, 'ha2/', FULL_SET - 72)).size).toBe(
      FULL_SET - 72,
    );

    // Renaming an inverter re-publishes its device block.
    const list = InverterListSchema.parse(await gw.get('/api/inverter/list')).inverter;
    const hms = list.find((i) => i.serial === HMS_SERIAL);
    expect(await gw.post('/api/inverter/edit', { ...hms, name: 'Shed' })).toMatchObject({
      code: 4007,
    });
    const rssi = `ha2/sensor/dtu_${HMS_SERIAL}/rssi/config`;
    await waitFor(
      () => seen.messages.some((m) => m.topic === rssi && m.payload.includes('"name":"Shed"')),
      'renamed device',
    );

    // Deleting an inverter: an empty retained config for every one of its 40 entities.
    mark = seen.messages.length;
    const hm = list.find((i) => i.serial === HM_SERIAL);
    expect(await gw.post('/api/inverter/del', { id: hm?.id })).toMatchObject({ code: 4008 });
    const removed = (from: number) =>
      seen.messages.slice(from).filter((m: SeenMessage) => m.topic.includes(`dtu_${HM_SERIAL}/`));
    await waitFor(() => removed(mark).length >= 40, 'HM entities removed');
    expect(removed(mark).every((m) => m.payload === '')).toBe(true);
    const left = await retainedConfigs(mosquitto.broker.url, 'ha2/', FULL_SET - 72 - 28);
    expect([...left.keys()].some((t) => t.includes(HM_SERIAL))).toBe(false);
    expect(left.size).toBe(FULL_SET - 72 - 28);
  });

  it('after a broker restart (retained store lost) the client reconnects and re-publishes everything', async () => {
    const own = await startMosquitto();
    try {
      const gw = await buildLiveGateway({ ...FAST_RECONNECT, simSpeed: 60 });
      await connectMqtt(gw, own, {
        mqtt_topic: 'h3/',
        mqtt_hass_enabled: true,
        mqtt_hass_topic: 'ha3/',
      });
      const probe = await watchBroker(own.url, ['h3/#']);
      await waitFor(() => probe.messages.some((m) => m.topic === 'h3/dc/is_valid'), 'first tree');
      await probe.close();
      await own.stop();
      await waitFor(async () => !(await mqttConnected(gw)), 'disconnected');
      await own.start();
      await waitFor(() => mqttConnected(gw), 'reconnected', 10_000);
      // Individual panels off: the DC sensor configs are empty, so not retained.
      const configs = await retainedConfigs(own.url, 'ha3/', FULL_SET - 72);
      expect(configs.size).toBe(FULL_SET - 72);
      const tree = await watchBroker(own.url, ['h3/#']);
      try {
        await waitFor(
          () => tree.messages.some((m) => m.topic === 'h3/dc/is_valid'),
          'retained tree',
        );
        const topics = new Set(tree.messages.filter((m) => m.retain).map((m) => m.topic));
        expect(topics).toContain('h3/dtu/status');
        // Channel topics too: the reconnect run re-sends the last values.
        for (const s of DEMO_SERIALS) expect(topics).toContain(`h3/${s}/0/power`);
      } finally {
        await tree.close();
      }
    } finally {
      await own.dispose();
    }
  });
});
