import { describe, expect, it } from 'vitest';
import { mqttConfigFixture } from '../fixtures/mqtt-config.js';
import {
  MQTT_CERT_MAX,
  MQTT_CLIENTID_MAX,
  MQTT_HASS_TOPIC_MAX,
  MQTT_HOSTNAME_MAX,
  MQTT_LWT_QOS_MAX,
  MQTT_LWT_TOPIC_MAX,
  MQTT_LWT_VALUE_MAX,
  MQTT_PASSWORD_MAX,
  MQTT_PORT,
  MQTT_PUBLISH_INTERVAL,
  MQTT_TOPIC_MAX,
  MQTT_USERNAME_MAX,
} from '../limits.js';
import type { MqttConfigPost } from '../mqtt.js';
import {
  checkMqttConfig,
  MQTT_RULES,
  mqttConfigProblems,
  truncateMqttConfig,
} from './mqtt-rules.js';

const VALID_MQTT_POST: MqttConfigPost = {
  ...mqttConfigFixture,
  mqtt_enabled: true,
  mqtt_hostname: 'broker.local',
  mqtt_hass_enabled: true,
};

const x = (n: number) => 'x'.repeat(n);
const topic = (n: number) => x(n - 1) + '/';

// [code, param, values just inside the bound, values just outside]; the field is the changed key.
const BOUNDS: [number, object | undefined, Partial<MqttConfigPost>, Partial<MqttConfigPost>][] = [
  [
    7001,
    { max: MQTT_HOSTNAME_MAX },
    { mqtt_hostname: x(MQTT_HOSTNAME_MAX) },
    { mqtt_hostname: x(MQTT_HOSTNAME_MAX + 1) },
  ],
  [7001, { max: MQTT_HOSTNAME_MAX }, { mqtt_hostname: 'a' }, { mqtt_hostname: '' }],
  [
    7017,
    { max: MQTT_CLIENTID_MAX },
    { mqtt_clientid: x(MQTT_CLIENTID_MAX) },
    { mqtt_clientid: x(MQTT_CLIENTID_MAX + 1) },
  ],
  [
    7002,
    { max: MQTT_USERNAME_MAX },
    { mqtt_username: x(MQTT_USERNAME_MAX) },
    { mqtt_username: x(MQTT_USERNAME_MAX + 1) },
  ],
  [
    7003,
    { max: MQTT_PASSWORD_MAX },
    { mqtt_password: x(MQTT_PASSWORD_MAX) },
    { mqtt_password: x(MQTT_PASSWORD_MAX + 1) },
  ],
  [
    7004,
    { max: MQTT_TOPIC_MAX },
    { mqtt_topic: topic(MQTT_TOPIC_MAX) },
    { mqtt_topic: topic(MQTT_TOPIC_MAX + 1) },
  ],
  [7005, undefined, { mqtt_topic: 'so\tlar/' }, { mqtt_topic: 'so lar/' }],
  [7006, undefined, { mqtt_topic: 'solar/' }, { mqtt_topic: 'solar' }],
  [7007, undefined, { mqtt_port: MQTT_PORT.min }, { mqtt_port: MQTT_PORT.min - 1 }],
  [7007, undefined, { mqtt_port: MQTT_PORT.max }, { mqtt_port: MQTT_PORT.max + 1 }],
  [
    7008,
    { max: MQTT_CERT_MAX },
    { mqtt_root_ca_cert: x(MQTT_CERT_MAX) },
    { mqtt_root_ca_cert: x(MQTT_CERT_MAX + 1) },
  ],
  [
    7008,
    { max: MQTT_CERT_MAX },
    { mqtt_client_cert: x(MQTT_CERT_MAX) },
    { mqtt_client_cert: x(MQTT_CERT_MAX + 1) },
  ],
  [
    7008,
    { max: MQTT_CERT_MAX },
    { mqtt_client_key: x(MQTT_CERT_MAX) },
    { mqtt_client_key: x(MQTT_CERT_MAX + 1) },
  ],
  [
    7009,
    { max: MQTT_LWT_TOPIC_MAX },
    { mqtt_lwt_topic: x(MQTT_LWT_TOPIC_MAX) },
    { mqtt_lwt_topic: x(MQTT_LWT_TOPIC_MAX + 1) },
  ],
  [7010, undefined, { mqtt_lwt_topic: 'dtu/status' }, { mqtt_lwt_topic: 'dtu status' }],
  [
    7011,
    { max: MQTT_LWT_VALUE_MAX },
    { mqtt_lwt_online: x(MQTT_LWT_VALUE_MAX) },
    { mqtt_lwt_online: x(MQTT_LWT_VALUE_MAX + 1) },
  ],
  [
    7012,
    { max: MQTT_LWT_VALUE_MAX },
    { mqtt_lwt_offline: x(MQTT_LWT_VALUE_MAX) },
    { mqtt_lwt_offline: x(MQTT_LWT_VALUE_MAX + 1) },
  ],
  [
    7016,
    { max: MQTT_LWT_QOS_MAX },
    { mqtt_lwt_qos: MQTT_LWT_QOS_MAX },
    { mqtt_lwt_qos: MQTT_LWT_QOS_MAX + 1 },
  ],
  [
    7013,
    MQTT_PUBLISH_INTERVAL,
    { mqtt_publish_interval: MQTT_PUBLISH_INTERVAL.min },
    { mqtt_publish_interval: MQTT_PUBLISH_INTERVAL.min - 1 },
  ],
  [
    7013,
    MQTT_PUBLISH_INTERVAL,
    { mqtt_publish_interval: MQTT_PUBLISH_INTERVAL.max },
    { mqtt_publish_interval: MQTT_PUBLISH_INTERVAL.max + 1 },
  ],
  [
    7014,
    { max: MQTT_HASS_TOPIC_MAX },
    { mqtt_hass_topic: x(MQTT_HASS_TOPIC_MAX) },
    { mqtt_hass_topic: x(MQTT_HASS_TOPIC_MAX + 1) },
  ],
  [7015, undefined, { mqtt_hass_topic: 'home/' }, { mqtt_hass_topic: 'home assistant/' }],
];

describe('MQTT rules (wire-contract §4.10)', () => {
  it('accepts the valid base config', () => {
    expect(checkMqttConfig(VALID_MQTT_POST)).toBeUndefined();
    expect(mqttConfigProblems(VALID_MQTT_POST)).toEqual([]);
  });

  it.each(BOUNDS)(
    '%i: inside the bound passes, outside fails with its param',
    (code, param, inside, outside) => {
      expect(checkMqttConfig({ ...VALID_MQTT_POST, ...inside })).toBeUndefined();
      expect(mqttConfigProblems({ ...VALID_MQTT_POST, ...inside })).toEqual([]);
      const failure = checkMqttConfig({ ...VALID_MQTT_POST, ...outside });
      expect(failure).toEqual(param ? { code, param: { ...param } } : { code });
      const [field] = Object.keys(outside);
      expect(mqttConfigProblems({ ...VALID_MQTT_POST, ...outside })).toEqual([
        param ? { field, code, param: { ...param } } : { field, code },
      ]);
    },
  );

  it('checks the Home Assistant topic ends with a slash on v26.3.30 only (7018)', () => {
    const hass = { ...VALID_MQTT_POST, mqtt_hass_enabled: true, mqtt_hass_topic: 'homeassistant' };
    expect(checkMqttConfig(hass, 'v26')).toEqual({ code: 7018 });
    expect(checkMqttConfig(hass, 'v24')).toBeUndefined();
    expect(checkMqttConfig(hass)).toBeUndefined();
    expect(checkMqttConfig({ ...hass, mqtt_hass_topic: 'homeassistant/' }, 'v26')).toBeUndefined();
    // Discovery off: no Home Assistant rule runs.
    expect(checkMqttConfig({ ...hass, mqtt_hass_enabled: false }, 'v26')).toBeUndefined();
  });

  it('runs the checks in the device order, one 7008 per certificate field', () => {
    expect(MQTT_RULES.map((rule) => rule.code)).toEqual([
      7001, 7017, 7002, 7003, 7004, 7005, 7006, 7007, 7008, 7008, 7008, 7009, 7010, 7011, 7012,
      7016, 7013, 7014, 7015, 7018,
    ]);
    expect(MQTT_RULES.filter((rule) => rule.code === 7008).map((rule) => rule.field)).toEqual([
      'mqtt_root_ca_cert',
      'mqtt_client_cert',
      'mqtt_client_key',
    ]);
    // Everything wrong at once: the first rule wins.
    const allWrong = { ...VALID_MQTT_POST, mqtt_hostname: '', mqtt_clientid: x(99), mqtt_port: 0 };
    expect(checkMqttConfig(allWrong)?.code).toBe(7001);
    expect(checkMqttConfig({ ...allWrong, mqtt_hostname: 'h' })?.code).toBe(7017);
    // The form sees them all, in that order.
    expect(mqttConfigProblems(allWrong).map((p) => [p.field, p.code])).toEqual([
      ['mqtt_hostname', 7001],
      ['mqtt_clientid', 7017],
      ['mqtt_port', 7007],
    ]);
  });

  it('names each failing certificate field with 7008', () => {
    const long = x(MQTT_CERT_MAX + 1);
    const problems = mqttConfigProblems({
      ...VALID_MQTT_POST,
      mqtt_root_ca_cert: long,
      mqtt_client_key: long,
    });
    expect(problems).toEqual([
      { field: 'mqtt_root_ca_cert', code: 7008, param: { max: MQTT_CERT_MAX } },
      { field: 'mqtt_client_key', code: 7008, param: { max: MQTT_CERT_MAX } },
    ]);
  });

  it('a missing root CA is fine (the field is optional)', () => {
    const { mqtt_root_ca_cert: _omitted, ...withoutCa } = VALID_MQTT_POST;
    expect(checkMqttConfig(withoutCa)).toBeUndefined();
  });

  it('checks the Home Assistant topic only when discovery is enabled', () => {
    const bad = { ...VALID_MQTT_POST, mqtt_hass_topic: 'a b' };
    expect(checkMqttConfig(bad)?.code).toBe(7015);
    expect(checkMqttConfig({ ...bad, mqtt_hass_enabled: false })).toBeUndefined();
    expect(mqttConfigProblems(bad)).toEqual([{ field: 'mqtt_hass_topic', code: 7015 }]);
    expect(mqttConfigProblems({ ...bad, mqtt_hass_enabled: false })).toEqual([]);
  });

  it('checks nothing while MQTT is disabled', () => {
    const bad = {
      ...VALID_MQTT_POST,
      mqtt_enabled: false,
      mqtt_hostname: '',
      mqtt_port: 0,
      mqtt_topic: 'no slash',
      mqtt_publish_interval: 1,
      mqtt_lwt_qos: 9,
    };
    expect(checkMqttConfig(bad)).toBeUndefined();
    expect(mqttConfigProblems(bad)).toEqual([]);
  });

  it('truncates unchecked strings to the buffer sizes', () => {
    const long = truncateMqttConfig({
      ...VALID_MQTT_POST,
      mqtt_enabled: false,
      mqtt_hostname: x(500),
      mqtt_clientid: x(500),
      mqtt_username: x(500),
      mqtt_password: x(500),
      mqtt_topic: x(500),
      mqtt_root_ca_cert: x(5000),
      mqtt_client_cert: x(5000),
      mqtt_client_key: x(5000),
      mqtt_lwt_topic: x(500),
      mqtt_lwt_online: x(500),
      mqtt_lwt_offline: x(500),
      mqtt_hass_topic: x(500),
    });
    expect(long.mqtt_hostname).toHaveLength(MQTT_HOSTNAME_MAX);
    expect(long.mqtt_clientid).toHaveLength(MQTT_CLIENTID_MAX);
    expect(long.mqtt_username).toHaveLength(MQTT_USERNAME_MAX);
    expect(long.mqtt_password).toHaveLength(MQTT_PASSWORD_MAX);
    expect(long.mqtt_topic).toHaveLength(MQTT_TOPIC_MAX);
    expect(long.mqtt_root_ca_cert).toHaveLength(MQTT_CERT_MAX);
    expect(long.mqtt_client_cert).toHaveLength(MQTT_CERT_MAX);
    expect(long.mqtt_client_key).toHaveLength(MQTT_CERT_MAX);
    expect(long.mqtt_lwt_topic).toHaveLength(MQTT_LWT_TOPIC_MAX);
    expect(long.mqtt_lwt_online).toHaveLength(MQTT_LWT_VALUE_MAX);
    expect(long.mqtt_lwt_offline).toHaveLength(MQTT_LWT_VALUE_MAX);
    expect(long.mqtt_hass_topic).toHaveLength(MQTT_HASS_TOPIC_MAX);
    const { mqtt_root_ca_cert: _omitted, ...withoutCa } = VALID_MQTT_POST;
    expect('mqtt_root_ca_cert' in truncateMqttConfig(withoutCa)).toBe(false);
  });
});
