import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type {
  ExportControlEvents,
  ExportControlPort,
} from '../export-control/export-control-port.js';
import type { ExportControlSet, ExportControlStatus } from '@heliodtu/contract/export-control';
import type { GridMeterStatus } from '@heliodtu/contract/grid-meter';
import type { GridMeterEvents } from '../grid-meter/grid-meter-port.js';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { useMosquitto } from '../../test/helpers/mosquitto-suite.js';
import { FAST_RECONNECT, connectMqtt, consoleText } from '../../test/helpers/mqtt-gateway.js';
import { waitFor } from '../../test/helpers/mqtt-watcher.js';
import { HouseMqtt, storeTopicSettings } from './house-mqtt.js';

/** Issue 35: the house's topics, `…/set` topics and discovery, through a real Mosquitto. */

const mosquitto = useMosquitto();

class FakeMeter extends EventEmitter<GridMeterEvents> {
  set = true;
  configured = () => this.set;
  status = (): GridMeterStatus => ({
    source: 'simulated',
    state: 'ok',
    power_w: -250.25,
    phases_w: [-100, -150.25],
    age_ms: 500,
    read_at: 1,
    production_w: 900,
    consumption_w: 649.75,
    today: {
      production_wh: 3000,
      import_wh: 1200.5,
      export_wh: 800,
      consumption_wh: 3400.5,
      self_consumption_pct: 73.3,
      counted_from: null,
    },
    detail: '',
    now: 2,
  });
  energy = () => ({ import_wh: 54321.06, export_wh: 1234.5 });
}

class FakeControl
  extends EventEmitter<ExportControlEvents>
  implements Pick<ExportControlPort, 'status' | 'set'>
{
  enabled = false;
  target = 0;
  readonly calls: ExportControlSet[] = [];
  status = (): ExportControlStatus => ({
    enabled: this.enabled,
    state: this.enabled ? 'holding' : 'off',
    target_w: this.target,
    grid_w: -250,
    production_w: 900,
    limit_w: this.enabled ? 1200 : null,
    sentence: '',
    inverters: [],
    series: [],
    now: 2,
  });
  set = async (change: ExportControlSet) => {
    this.calls.push(change);
    if (change.enabled !== undefined) this.enabled = change.enabled;
    if (change.target_w !== undefined) this.target = change.target_w;
    this.emit('changed');
  };
}

describe('the house on MQTT', () => {
  it('publishes the meter and control, announces them to Home Assistant and switches control by …/set', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    // The gateway's own house topics go quiet: this test drives them over fake ports.
    gw.app.mqttPublishing.house?.stop();
    const watcher = await mosquitto.watch('h1/#', 'ha1/#');
    // A command someone left retained must not switch control at every (re)subscribe. Left
    // before the gateway connects: its own house topics subscribe to it too.
    await watcher.client.publishAsync('h1/exportcontrol/enabled/set', '1', { retain: true });
    await connectMqtt(gw, mosquitto.broker, {
      mqtt_topic: 'h1/',
      mqtt_hass_enabled: true,
      mqtt_hass_topic: 'ha1/',
      mqtt_publish_interval: 5,
    });
    const meter = new FakeMeter();
    const control = new FakeControl();
    const house = new HouseMqtt({
      connection: gw.app.mqtt,
      settings: storeTopicSettings(gw.app.store),
      meter,
      control,
      identity: () => ({
        hostname: 'OpenDTU-A1B2C3',
        chipId: 42,
        ip: '10.0.0.5',
        firmware: 'v24.11.7',
      }),
      log: (line) => gw.app.consoleLog.write(line),
    });
    house.start();
    try {
      for (const [topic, payload] of [
        ['h1/gridmeter/power', '-250.2'],
        ['h1/gridmeter/phase/2/power', '-150.2'],
        ['h1/gridmeter/import_wh', '54321.1'],
        ['h1/gridmeter/export_wh', '1234.5'],
        ['h1/gridmeter/consumption', '649.8'],
        ['h1/gridmeter/state', 'ok'],
        ['h1/gridmeter/today/import_wh', '1200.5'],
        ['h1/gridmeter/today/self_consumption', '73.3'],
        ['h1/exportcontrol/enabled', '0'],
        ['h1/exportcontrol/target', '0'],
        ['h1/exportcontrol/state', 'off'],
      ]) {
        await watcher.next(topic!, payload);
      }
      // Retained like every value topic: a late subscriber gets the registers at once.
      const late = await mosquitto.watch('h1/gridmeter/import_wh');
      expect(await late.next('h1/gridmeter/import_wh', '54321.1')).toMatchObject({ retain: true });
      await waitFor(() => consoleText(gw).includes('retained message ignored'), 'retained ignored');
      await watcher.client.publishAsync('h1/exportcontrol/enabled/set', '', { retain: true });
      expect(control.calls).toEqual([]);
      // Control off: no limit sum.
      expect(watcher.messages.some((m) => m.topic === 'h1/exportcontrol/limit')).toBe(false);

      const config = async (topic: string) =>
        JSON.parse((await watcher.next(topic)).payload) as Record<string, unknown>;
      const node = 'OpenDTU-A1B2C3_42_house';
      expect(await config(`ha1/sensor/${node}/grid_import/config`)).toMatchObject({
        uniq_id: `${node}_grid_import`,
        stat_t: 'h1/gridmeter/import_wh',
        dev_cla: 'energy',
        stat_cla: 'total_increasing',
        unit_of_meas: 'Wh',
        avty_t: 'h1/dtu/status',
        dev: { ids: node, via_device: 'OpenDTU-A1B2C3_42' },
      });
      expect(await config(`ha1/sensor/${node}/grid_export/config`)).toMatchObject({
        dev_cla: 'energy',
        stat_cla: 'total_increasing',
      });
      expect(await config(`ha1/sensor/${node}/grid_power/config`)).toMatchObject({
        dev_cla: 'power',
        stat_cla: 'measurement',
        stat_t: 'h1/gridmeter/power',
      });
      expect(await config(`ha1/switch/${node}/export_control/config`)).toMatchObject({
        cmd_t: 'h1/exportcontrol/enabled/set',
        stat_t: 'h1/exportcontrol/enabled',
        pl_on: '1',
        pl_off: '0',
      });
      expect(await config(`ha1/number/${node}/export_control_target/config`)).toMatchObject({
        cmd_t: 'h1/exportcontrol/target/set',
        min: -10000,
        max: 10000,
      });
      expect(await config(`ha1/sensor/${node}/export_control_state/config`)).toMatchObject({
        stat_t: 'h1/exportcontrol/state',
      });

      // Switched from outside as Home Assistant does: the switch, then the number.
      let mark = watcher.messages.length;
      await watcher.client.publishAsync('h1/exportcontrol/enabled/set', 'ON');
      await watcher.next('h1/exportcontrol/enabled', '1', { after: mark });
      await watcher.next('h1/exportcontrol/limit', '1200', { after: mark });
      await watcher.client.publishAsync('h1/exportcontrol/target/set', '-50');
      await watcher.next('h1/exportcontrol/target', '-50', { after: mark });
      expect(control.calls).toEqual([{ enabled: true }, { target_w: -50 }]);

      // Bad payloads and retained commands change nothing and say so on the console.
      await watcher.client.publishAsync('h1/exportcontrol/target/set', 'lots');
      await watcher.client.publishAsync('h1/exportcontrol/target/set', '20000');
      await watcher.client.publishAsync('h1/exportcontrol/enabled/set', 'maybe');
      await waitFor(() => consoleText(gw).includes('"maybe" ignored'), 'bad payloads seen');
      expect(consoleText(gw)).toContain('exportcontrol/target/set: payload "lots" ignored');
      expect(consoleText(gw)).toContain('exportcontrol/target/set: 20000 W ignored');
      expect(consoleText(gw)).toContain('exportcontrol/enabled/set: payload "maybe" ignored');
      expect(control.calls).toHaveLength(2);

      // The meter removed from the settings: its entities are removed from Home Assistant.
      mark = watcher.messages.length;
      meter.set = false;
      meter.emit('state', 'off');
      await watcher.next(`ha1/sensor/${node}/grid_import/config`, '', { after: mark });
      // Removed for good: the broker keeps no config a later Home Assistant would find.
      const later = await mosquitto.watch(`ha1/sensor/${node}/#`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(later.messages.map((m) => m.topic).filter((t) => t.includes('grid_'))).toEqual([]);
    } finally {
      house.stop();
    }
  }, 30_000);
});
