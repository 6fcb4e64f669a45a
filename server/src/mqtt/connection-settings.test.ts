import { describe, expect, it } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import {
  clientOptions,
  connectionSettings,
  unusableReason,
  type MqttFileConfig,
} from './connection-settings.js';
import { topicMatches } from './subscriptions.js';

const CHIP_ID = 10597059;

function mqttConfig(change: (mqtt: MqttFileConfig) => void = () => undefined): MqttFileConfig {
  const { mqtt } = defaultConfigFile();
  mqtt.enabled = true;
  mqtt.hostname = 'broker.example';
  change(mqtt);
  return mqtt;
}

describe('connectionSettings / clientOptions (integrations §1.1, §4)', () => {
  it('is undefined while MQTT is disabled', () => {
    expect(
      connectionSettings(
        mqttConfig((m) => (m.enabled = false)),
        CHIP_ID,
      ),
    ).toBeUndefined();
  });

  it('maps the defaults: AP-name client id, MQTT 3.1.1, keep-alive 15, will on base + LWT topic', () => {
    const settings = connectionSettings(mqttConfig(), CHIP_ID)!;
    const options = clientOptions(settings);
    expect(options).toMatchObject({
      protocol: 'mqtt',
      host: 'broker.example',
      port: 1883,
      protocolVersion: 4,
      clientId: 'OpenDTU-10597059',
      keepalive: 15,
      clean: true,
      reconnectPeriod: 0,
      will: { topic: 'solar/dtu/status', qos: 2, retain: true },
    });
    expect(options.will?.payload.toString()).toBe('offline');
    // Empty credentials are not sent at all.
    expect(options).not.toHaveProperty('username');
    expect(options).not.toHaveProperty('password');
    expect(options).not.toHaveProperty('ca');
  });

  it('sends user and password when set; retain off also un-retains the will', () => {
    const options = clientOptions(
      connectionSettings(
        mqttConfig((m) => {
          m.username = 'dtu';
          m.password = 'pw';
          m.retain = false;
          m.clientid = 'mine';
          m.lwt.qos = 9;
        }),
        CHIP_ID,
      )!,
    );
    expect(options).toMatchObject({ username: 'dtu', password: 'pw', clientId: 'mine' });
    expect(options.will).toMatchObject({ retain: false, qos: 2 });
  });

  it('TLS: the root CA is the only anchor, SNI only for names, cert login drops user and password', () => {
    const tls = (host: string, certLogin: boolean) =>
      clientOptions(
        connectionSettings(
          mqttConfig((m) => {
            m.hostname = host;
            m.username = 'dtu';
            m.tls.enabled = true;
            m.tls.root_ca_cert = 'CA';
            m.tls.certlogin = certLogin;
            m.tls.client_cert = 'CERT';
            m.tls.client_key = 'KEY';
          }),
          CHIP_ID,
        )!,
      );
    expect(tls('broker.example', false)).toMatchObject({
      protocol: 'mqtts',
      ca: ['CA'],
      rejectUnauthorized: true,
      servername: 'broker.example',
      username: 'dtu',
    });
    expect(tls('broker.example', false)).not.toHaveProperty('cert');
    expect(tls('192.168.1.5', false)).not.toHaveProperty('servername');
    const certLogin = tls('broker.example', true);
    expect(certLogin).toMatchObject({ cert: 'CERT', key: 'KEY' });
    expect(certLogin).not.toHaveProperty('username');
  });

  it('names settings that cannot work, so no connection is tried', () => {
    const reason = (change: (m: MqttFileConfig) => void) =>
      unusableReason(connectionSettings(mqttConfig(change), CHIP_ID)!);
    expect(reason(() => undefined)).toBeUndefined();
    expect(reason((m) => (m.hostname = ''))).toBe('no broker hostname configured');
    expect(reason((m) => (m.port = 0))).toBe('invalid port 0');
    expect(
      reason((m) => {
        m.tls.enabled = true;
        m.tls.certlogin = true;
      }),
    ).toBe('certificate login without a client certificate and key');
    expect(
      reason((m) => {
        m.tls.enabled = true;
        m.tls.certlogin = true;
        m.tls.client_cert = 'CERT';
        m.tls.client_key = 'KEY';
      }),
    ).toMatch(/^invalid client certificate or key/);
  });
});

describe('topicMatches (MQTT 3.1.1, section 4.7)', () => {
  it.each([
    ['solar/+/cmd/power', 'solar/116181234567/cmd/power', true],
    ['solar/+/cmd/power', 'solar/116181234567/cmd/restart', false],
    ['solar/+/cmd/power', 'solar/a/b/cmd/power', false],
    ['solar/#', 'solar', true],
    ['solar/#', 'solar/a/b', true],
    ['#', '$SYS/broker', false],
    ['+/x', '$SYS/x', false],
    ['$SYS/#', '$SYS/broker', true],
    ['a/b', 'a/b/c', false],
    ['a/b/c', 'a/b', false],
  ])('%s against %s: %s', (filter, topic, expected) => {
    expect(topicMatches(filter, topic)).toBe(expected);
  });
});
