import { describe, expect, it, onTestFinished } from 'vitest';
import { ExportControlStatusSchema } from '@heliodtu/contract/export-control';
import { GridMeterStatusSchema } from '@heliodtu/contract/grid-meter';
import { basicAuth } from './helpers/build-test-app.js';
import { startCompanionApp, type CompanionApp } from './helpers/companion-app.js';
import { startGatewayProcess } from './helpers/gateway-process.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { waitFor } from './helpers/mqtt-watcher.js';

/**
 * A companion's house on MQTT (power-control §1, §4): its device keeps its MQTT settings, so the
 * grid meter is read, and the house's topics, the `…/set` topics and their Home Assistant
 * discovery go, through HelioDTU's own broker connection (the Power control settings' broker).
 * The device is our gateway in simulation mode as a child process; a real Mosquitto.
 */

const mosquitto = useMosquitto();
const PASSWORD = 'openDTU42';

const mqttMeter = (brokerUrl: string) => ({
  source: 'mqtt',
  invert_sign: false,
  stale_after_s: 30,
  mqtt: { topics: ['meter/status/em:0'], json_path: 'total_act_power' },
  http: { url: '', json_path: 'total_act_power', auth: 'none', username: '', interval_s: 1 },
  broker: { url: brokerUrl, username: '' },
});

async function post(companion: CompanionApp, path: string, data: unknown) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  const answer = await companion.fetch(path, { method: 'POST', body: form });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function json(companion: CompanionApp, path: string): Promise<unknown> {
  return (await companion.fetch(path)).json();
}

describe('a companion’s own broker connection', () => {
  it('reads the meter and carries the house’s topics, …/set and discovery, leaving the device’s MQTT alone', async () => {
    const device = await startGatewayProcess({
      env: { SIM_START: '2025-06-21T12:00:00', SIM_WEATHER: 'clear', HISTORY: 'off' },
    });
    const deviceMqtt = async () =>
      (await fetch(`${device.url}/api/mqtt/config`, {
        headers: { authorization: basicAuth(PASSWORD) },
      }).then((r) => r.json())) as Record<string, unknown>;
    const before = await deviceMqtt();
    const companion = await startCompanionApp('', '', {
      devices: [{ name: 'Roof', url: device.url, password: PASSWORD }],
    });

    // Without a broker of its own a companion cannot read an MQTT meter: refused, nothing saved.
    const refused = await post(companion, '/api/gridmeter/config', mqttMeter(''));
    expect(refused).toMatchObject({ status: 400, body: { ok: false, field: 'broker.url' } });
    expect(await json(companion, '/api/gridmeter/config')).toMatchObject({
      source: 'none',
      companion: true,
    });

    const watcher = await mosquitto.watch('heliodtu/#', 'homeassistant/#');
    const saved = await post(companion, '/api/gridmeter/config', mqttMeter(mosquitto.broker.url));
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    await watcher.next('heliodtu/status', 'online');

    // The meter is read through it…
    const meter = setInterval(
      () =>
        watcher.client.publish(
          'meter/status/em:0',
          JSON.stringify({ id: 0, total_act_power: 420 }),
        ),
      100,
    );
    onTestFinished(() => clearInterval(meter));
    await waitFor(
      async () =>
        GridMeterStatusSchema.parse(await json(companion, '/api/gridmeter/status')).power_w === 420,
      'meter read through the own broker',
    );
    // …and the house's topics go out on it, retained, with their discovery.
    await watcher.next('heliodtu/gridmeter/power', '420.0');
    await watcher.next('heliodtu/gridmeter/state', 'ok');
    await watcher.next('heliodtu/exportcontrol/enabled', '0');
    const config = async (topic: string) =>
      JSON.parse((await watcher.next(topic)).payload) as Record<string, unknown>;
    const node = await waitFor(
      () =>
        watcher.messages
          .find((m) => /^homeassistant\/switch\/.+_house\/export_control\/config$/.test(m.topic))
          ?.topic.split('/')[2],
      'the house’s discovery',
    );
    expect(await config(`homeassistant/switch/${node}/export_control/config`)).toMatchObject({
      cmd_t: 'heliodtu/exportcontrol/enabled/set',
      stat_t: 'heliodtu/exportcontrol/enabled',
      avty_t: 'heliodtu/status',
    });
    expect(await config(`homeassistant/sensor/${node}/grid_import/config`)).toMatchObject({
      stat_t: 'heliodtu/gridmeter/import_wh',
      dev_cla: 'energy',
      stat_cla: 'total_increasing',
    });
    expect(await config(`homeassistant/number/${node}/export_control_target/config`)).toMatchObject(
      { cmd_t: 'heliodtu/exportcontrol/target/set' },
    );

    // Switched from outside through it, as Home Assistant does.
    const mark = watcher.messages.length;
    await watcher.client.publishAsync('heliodtu/exportcontrol/target/set', '-50');
    await watcher.next('heliodtu/exportcontrol/target', '-50', { after: mark });
    await watcher.client.publishAsync('heliodtu/exportcontrol/enabled/set', 'ON');
    await watcher.next('heliodtu/exportcontrol/enabled', '1', { after: mark });
    expect(
      ExportControlStatusSchema.parse(await json(companion, '/api/exportcontrol/status')),
    ).toMatchObject({ enabled: true, target_w: -50 });

    // The device's own MQTT settings were never touched.
    expect(await deviceMqtt()).toEqual(before);

    // The broker removed from the settings: the connection ends cleanly, saying so in its will.
    const offMark = watcher.messages.length;
    const http = { ...mqttMeter(''), source: 'none' };
    expect(await post(companion, '/api/gridmeter/config', http)).toMatchObject({ status: 200 });
    await watcher.next('heliodtu/status', 'offline', { after: offMark });
    await waitFor(() => !companion.app.ownBroker.isConnected(), 'own broker disconnected');
  }, 60_000);
});
