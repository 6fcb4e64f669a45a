import { describe, expect, it } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import { discoveryMessages, removalMessages, type HassSettings } from './hass-discovery.js';
import { hassInverters } from './hass-publisher.js';
import { dtuIdOf, type HassDtuIdentity, type HassInverter } from './hass-payloads.js';
import type { MqttMessage } from './publish-topics.js';

/** The worked example of integrations §5.8. */
const DTU: HassDtuIdentity = {
  hostname: 'OpenDTU-A1B2C3',
  chipId: 10597059,
  ip: '192.168.1.50',
  firmware: 'v24.11.7',
};
const BALCONY: HassInverter = {
  serial: '114172345678',
  name: 'Balcony',
  model: 'HM-600/700/800-2T',
  channels: 2,
  reachableThreshold: 2,
};
const DTU_DEV =
  '{"name":"OpenDTU-A1B2C3","ids":"OpenDTU-A1B2C3_10597059","cu":"http://192.168.1.50","mf":"OpenDTU","mdl":"OpenDTU","sw":"v24.11.7"}';
const INV_DEV =
  '{"name":"Balcony","ids":"114172345678","cu":"http://192.168.1.50","mf":"OpenDTU","mdl":"HM-600/700/800-2T","sw":"v24.11.7","via_device":"OpenDTU-A1B2C3_10597059"}';

function settings(hass: Partial<HassSettings['mqtt']['hass']> = {}): HassSettings {
  const mqtt = defaultConfigFile().mqtt;
  return { mqtt: { ...mqtt, hass: { ...mqtt.hass, enabled: true, ...hass } }, pollInterval: 5 };
}

const byTopic = (messages: MqttMessage[], topic: string) => {
  const found = messages.find((m) => m.topic === topic);
  if (!found) throw new Error(`no message on ${topic}`);
  return found;
};

describe('Home Assistant discovery (integrations §5)', () => {
  const messages = discoveryMessages(settings(), DTU, [BALCONY]);
  const payload = (topic: string) => byTopic(messages, topic).payload;

  it('builds the DTU id from hostname and decimal chip id', () => {
    expect(dtuIdOf(DTU)).toBe('OpenDTU-A1B2C3_10597059');
  });

  it('matches the DTU sensor example byte for byte', () => {
    expect(payload('homeassistant/sensor/OpenDTU-A1B2C3_10597059/wifi_signal/config')).toBe(
      `{"dev":${DTU_DEV},"name":"WiFi Signal","uniq_id":"OpenDTU-A1B2C3_10597059_wifi_signal","stat_t":"solar/dtu/rssi","unit_of_meas":"dBm","dev_cla":"signal_strength","ent_cat":"diagnostic","avty_t":"solar/dtu/status","pl_avail":"online","pl_not_avail":"offline"}`,
    );
  });

  it('matches the DTU status binary sensor example', () => {
    expect(payload('homeassistant/binary_sensor/OpenDTU-A1B2C3_10597059/status/config')).toBe(
      `{"dev":${DTU_DEV},"name":"Status","uniq_id":"OpenDTU-A1B2C3_10597059_status","stat_t":"solar/dtu/status","pl_on":"online","pl_off":"offline","dev_cla":"connectivity","ent_cat":"diagnostic"}`,
    );
  });

  it('matches the inverter examples: restart button, limit numbers, reachable, rssi, field sensor', () => {
    expect(payload('homeassistant/button/dtu_114172345678/restart_inverter/config')).toBe(
      `{"dev":${INV_DEV},"dev_cla":"restart","ent_cat":"config","name":"Restart Inverter","uniq_id":"114172345678_restart_inverter","cmd_t":"solar/114172345678/cmd/restart","payload_press":"1"}`,
    );
    expect(
      payload('homeassistant/number/dtu_114172345678/limit_nonpersistent_absolute/config'),
    ).toBe(
      `{"dev":${INV_DEV},"unit_of_meas":"W","ic":"mdi:speedometer","ent_cat":"config","name":"Limit NonPersistent Absolute","uniq_id":"114172345678_limit_nonpersistent_absolute","cmd_t":"solar/114172345678/cmd/limit_nonpersistent_absolute","stat_t":"solar/114172345678/status/limit_absolute","min":0,"max":2250,"step":1}`,
    );
    expect(payload('homeassistant/number/dtu_114172345678/limit_persistent_relative/config')).toBe(
      `{"dev":${INV_DEV},"unit_of_meas":"%","ic":"mdi:speedometer","ent_cat":"config","name":"Limit Persistent Relative","uniq_id":"114172345678_limit_persistent_relative","cmd_t":"solar/114172345678/cmd/limit_persistent_relative","stat_t":"solar/114172345678/status/limit_relative","min":0,"max":100,"step":0.1}`,
    );
    expect(payload('homeassistant/binary_sensor/dtu_114172345678/reachable/config')).toBe(
      `{"dev":${INV_DEV},"name":"Reachable","uniq_id":"114172345678_reachable","stat_t":"solar/114172345678/status/reachable","pl_on":"1","pl_off":"0","dev_cla":"connectivity","ent_cat":"diagnostic"}`,
    );
    expect(payload('homeassistant/sensor/dtu_114172345678/rssi/config')).toBe(
      `{"dev":${INV_DEV},"name":"RSSI","uniq_id":"114172345678_rssi","stat_t":"solar/114172345678/radio/rssi","unit_of_meas":"dBm","dev_cla":"signal_strength","ent_cat":"diagnostic","avty_t":"solar/dtu/status","pl_avail":"online","pl_not_avail":"offline"}`,
    );
    expect(payload('homeassistant/sensor/dtu_114172345678/ch0_Power/config')).toBe(
      `{"dev":${INV_DEV},"unit_of_meas":"W","dev_cla":"power","stat_cla":"measurement","name":"Power","stat_t":"solar/114172345678/0/power","uniq_id":"114172345678_ch0_Power","exp_aft":10}`,
    );
  });

  it('publishes DTU entities first, then the inverter in the order of integrations §5.5 and §5.6', () => {
    const ids = messages.map((m) => m.topic.replace('homeassistant/', '').replace('/config', ''));
    expect(ids).toEqual([
      'sensor/OpenDTU-A1B2C3_10597059/ip',
      'sensor/OpenDTU-A1B2C3_10597059/wifi_signal',
      'sensor/OpenDTU-A1B2C3_10597059/uptime',
      'sensor/OpenDTU-A1B2C3_10597059/temperature',
      'sensor/OpenDTU-A1B2C3_10597059/heap_size',
      'sensor/OpenDTU-A1B2C3_10597059/heap_free',
      'sensor/OpenDTU-A1B2C3_10597059/largest_free_heap_block',
      'sensor/OpenDTU-A1B2C3_10597059/lifetime_minimum_free_heap',
      'sensor/OpenDTU-A1B2C3_10597059/yield_total',
      'sensor/OpenDTU-A1B2C3_10597059/yield_day',
      'sensor/OpenDTU-A1B2C3_10597059/ac_power',
      'binary_sensor/OpenDTU-A1B2C3_10597059/status',
      'button/dtu_114172345678/turn_inverter_off',
      'button/dtu_114172345678/turn_inverter_on',
      'button/dtu_114172345678/restart_inverter',
      'button/dtu_114172345678/reset_radio_statistics',
      'number/dtu_114172345678/limit_nonpersistent_relative',
      'number/dtu_114172345678/limit_persistent_relative',
      'number/dtu_114172345678/limit_nonpersistent_absolute',
      'number/dtu_114172345678/limit_persistent_absolute',
      'binary_sensor/dtu_114172345678/reachable',
      'binary_sensor/dtu_114172345678/producing',
      'sensor/dtu_114172345678/tx_requests',
      'sensor/dtu_114172345678/rx_success',
      'sensor/dtu_114172345678/rx_fail_receive_nothing',
      'sensor/dtu_114172345678/rx_fail_receive_partial',
      'sensor/dtu_114172345678/rx_fail_receive_corrupt',
      'sensor/dtu_114172345678/tx_re-request_fragment',
      'sensor/dtu_114172345678/rssi',
      'sensor/dtu_114172345678/ch0_Voltage',
      'sensor/dtu_114172345678/ch0_Current',
      'sensor/dtu_114172345678/ch0_Power',
      'sensor/dtu_114172345678/ch0_Frequency',
      'sensor/dtu_114172345678/ch0_PowerFactor',
      'sensor/dtu_114172345678/ch0_ReactivePower',
      ...[1, 2].flatMap((n) =>
        ['Voltage', 'Current', 'Power', 'YieldDay', 'YieldTotal', 'Irradiation'].map(
          (f) => `sensor/dtu_114172345678/ch${n}_${f}`,
        ),
      ),
      'sensor/dtu_114172345678/ch0_PowerDC',
      'sensor/dtu_114172345678/ch0_YieldDay',
      'sensor/dtu_114172345678/ch0_YieldTotal',
      'sensor/dtu_114172345678/ch0_Temperature',
      'sensor/dtu_114172345678/ch0_Efficiency',
    ]);
    expect(messages.every((m) => m.retain && m.qos === 0)).toBe(true);
  });

  it('removes DC sensors with empty payloads while individual panels is off', () => {
    expect(payload('homeassistant/sensor/dtu_114172345678/ch1_Voltage/config')).toBe('');
    expect(messages.filter((m) => m.payload === '')).toHaveLength(12);
  });

  it('announces DC sensors with individual panels on, under the inverter device', () => {
    const on = discoveryMessages(settings({ individual_panels: true }), DTU, [BALCONY]);
    expect(
      JSON.parse(byTopic(on, 'homeassistant/sensor/dtu_114172345678/ch1_Voltage/config').payload),
    ).toEqual({
      dev: JSON.parse(INV_DEV),
      unit_of_meas: 'V',
      dev_cla: 'voltage',
      stat_cla: 'measurement',
      name: 'CH1 Voltage',
      stat_t: 'solar/114172345678/1/voltage',
      uniq_id: '114172345678_ch1_Voltage',
      exp_aft: 10,
    });
    expect(
      byTopic(on, 'homeassistant/sensor/dtu_114172345678/ch2_Irradiation/config').payload,
    ).toBe(
      `{"dev":${INV_DEV},"unit_of_meas":"%","name":"CH2 Irradiation","stat_t":"solar/114172345678/2/irradiation","uniq_id":"114172345678_ch2_Irradiation","exp_aft":10}`,
    );
    expect(on.every((m) => m.payload !== '')).toBe(true);
  });

  it('leaves out the unit of PowerFactor and the expire when off; honours retain off and the prefix', () => {
    const s = settings({ expire: false, retain: false, topic: 'ha' });
    const out = discoveryMessages(s, DTU, [BALCONY]);
    expect(out.every((m) => !m.retain)).toBe(true);
    // The prefix is joined as it is, without adding a slash.
    expect(byTopic(out, 'hasensor/dtu_114172345678/ch0_PowerFactor/config').payload).toBe(
      `{"dev":${INV_DEV},"dev_cla":"power_factor","stat_cla":"measurement","name":"PowerFactor","stat_t":"solar/114172345678/0/powerfactor","uniq_id":"114172345678_ch0_PowerFactor"}`,
    );
  });

  it('computes expire_after from inverter count, intervals and threshold', () => {
    const s = settings();
    s.mqtt = { ...s.mqtt, publish_interval: 7 };
    const second = { ...BALCONY, serial: '114172345679', reachableThreshold: 3 };
    const out = discoveryMessages(s, DTU, [BALCONY, second]);
    const expire = (topic: string) => JSON.parse(byTopic(out, topic).payload).exp_aft as number;
    expect(expire('homeassistant/sensor/dtu_114172345678/ch0_Power/config')).toBe(2 * 7 * 2);
    expect(expire('homeassistant/sensor/dtu_114172345679/ch0_Power/config')).toBe(2 * 7 * 3);
  });

  it('uses the configured base topic and LWT values in state and availability topics', () => {
    const s = settings();
    s.mqtt = {
      ...s.mqtt,
      topic: 'pv/',
      lwt: { topic: 'state', value_online: 'up', value_offline: 'down', qos: 1 },
    };
    const out = discoveryMessages(s, DTU, [BALCONY]);
    expect(
      JSON.parse(byTopic(out, 'homeassistant/sensor/dtu_114172345678/rx_success/config').payload),
    ).toMatchObject({
      stat_t: 'pv/114172345678/radio/rx_success',
      avty_t: 'pv/state',
      pl_avail: 'up',
      pl_not_avail: 'down',
    });
    expect(
      JSON.parse(
        byTopic(out, 'homeassistant/binary_sensor/OpenDTU-A1B2C3_10597059/status/config').payload,
      ),
    ).toMatchObject({
      stat_t: 'pv/state',
      pl_on: 'up',
      pl_off: 'down',
    });
  });

  it('counts 17 fixed entities, 11 channel-0 sensors and 6 per DC input for an HMT-6CH', () => {
    const hmt = { ...BALCONY, serial: '138212345678', model: 'HMT-1800/2250-6T', channels: 6 };
    const out = discoveryMessages(settings({ individual_panels: true }), DTU, [hmt]);
    expect(out.length - 12).toBe(17 + 11 + 36);
  });
});

describe('removal of a deleted inverter (integrations §5.1, improved)', () => {
  it('sends an empty retained config for every entity the inverter had', () => {
    const { mqtt } = settings({ retain: false });
    const removal = removalMessages(mqtt, BALCONY);
    const announced = discoveryMessages(settings({ individual_panels: true }), DTU, [BALCONY])
      .map((m) => m.topic)
      .filter((t) => t.includes('dtu_114172345678'));
    expect(removal.map((m) => m.topic)).toEqual(announced);
    expect(removal).toHaveLength(17 + 11 + 12);
    expect(removal.every((m) => m.payload === '' && m.retain && m.qos === 0)).toBe(true);
  });
});

describe('hassInverters', () => {
  it('lists configured known models in slot order, each serial once, with family data', () => {
    const config = defaultConfigFile();
    const slot = (serial: string, name: string, threshold = 2) => ({
      ...config.inverters[0]!,
      serial: Number(BigInt(`0x${serial}`)),
      name,
      reachable_threshold: threshold,
    });
    config.inverters[0] = slot('138212345678', 'Barn', 4);
    config.inverters[1] = slot('999912345678', 'Unknown model');
    config.inverters[3] = slot('114172345678', 'Balcony');
    config.inverters[4] = slot('114172345678', 'Twice');
    expect(hassInverters(config)).toEqual([
      {
        serial: '138212345678',
        name: 'Barn',
        model: 'HMT-1800/2250-6T',
        channels: 6,
        reachableThreshold: 4,
      },
      {
        serial: '114172345678',
        name: 'Balcony',
        model: 'HM-600/700/800-2T',
        channels: 2,
        reachableThreshold: 2,
      },
    ]);
  });

  it('never throws on serials a restored file may hold: fractions, negatives, huge numbers', () => {
    const config = defaultConfigFile();
    const base = config.inverters[0]!;
    config.inverters[0] = { ...base, serial: 1.5, name: 'Fraction' };
    config.inverters[1] = { ...base, serial: -5, name: 'Negative' };
    config.inverters[2] = { ...base, serial: 1e300, name: 'Huge' };
    config.inverters[3] = { ...base, serial: Number(0x114172345678) + 0.5, name: 'Balcony' };
    expect(hassInverters(config).map((i) => [i.serial, i.name])).toEqual([
      ['114172345678', 'Balcony'],
    ]);
  });
});
