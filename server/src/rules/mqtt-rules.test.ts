import { describe, expect, it } from 'vitest';
import { mqttConfigFixture } from '@heliodtu/contract/fixtures/mqtt-config';
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
} from '@heliodtu/contract/limits';
import type { MqttConfigPost } from '@heliodtu/contract/mqtt';
import { checkMqttConfig, MQTT_RULES, truncateMqttConfig } from './mqtt-rules.js';

const VALID_MQTT_POST: MqttConfigPost = {
  ...mqttConfigFixture,
  mqtt_enabled: true,
  mqtt_hostname: 'broker.local',
  mqtt_hass_enabled: true,
};

const x = (n: number) => 'x'.repeat(n);
const topic = (n: number) => x(n - 1) + '/';

// [code, param, values just inside the bound, values just outside]
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
  });

  it.each(BOUNDS)(
    '%i: inside the bound passes, outside fails with its param',
    (code, param, inside, outside) => {
      expect(checkMqttConfig({ ...VALID_MQTT_POST, ...inside })).toBeUndefined();
      const failure = checkMqttConfig({ ...VALID_MQTT_POST, ...outside });
      expect(failure).toEqual(param ? { code, param: { ...param } } : { code });
    },
  );

  it('runs the checks in the device order', () => {
    expect(MQTT_RULES.map((rule) => rule.code)).toEqual([
      7001, 7017, 7002, 7003, 7004, 7005, 7006, 7007, 7008, 7009, 7010, 7011, 7012, 7016, 7013,
      7014, 7015,
    ]);
    // Everything wrong at once: the first rule wins.
    const allWrong = { ...VALID_MQTT_POST, mqtt_hostname: '', mqtt_clientid: x(99), mqtt_port: 0 };
    expect(checkMqttConfig(allWrong)?.code).toBe(7001);
    expect(checkMqttConfig({ ...allWrong, mqtt_hostname: 'h' })?.code).toBe(7017);
  });

  it('a missing root CA is fine (the field is optional)', () => {
    const { mqtt_root_ca_cert: _omitted, ...withoutCa } = VALID_MQTT_POST;
    expect(checkMqttConfig(withoutCa)).toBeUndefined();
  });

  it('checks the Home Assistant topic only when discovery is enabled', () => {
    const bad = { ...VALID_MQTT_POST, mqtt_hass_topic: 'a b' };
    expect(checkMqttConfig(bad)?.code).toBe(7015);
    expect(checkMqttConfig({ ...bad, mqtt_hass_enabled: false })).toBeUndefined();
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
