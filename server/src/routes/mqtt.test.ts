import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOT_CA } from '@heliodtu/contract/config-file';
import { mqttConfigFixture } from '@heliodtu/contract/fixtures/mqtt-config';
import {
  MqttConfigSchema,
  MqttStatusSchema,
  type MqttConfig,
  type MqttConfigPost,
} from '@heliodtu/contract/mqtt';
import {
  basicAuth,
  buildTestGateway,
  type TestGateway,
} from '../../test/helpers/build-test-app.js';
import { freePort } from '../../test/helpers/mosquitto.js';

const getConfig = async (gw: TestGateway) =>
  MqttConfigSchema.parse(await gw.get('/api/mqtt/config'));
const getStatus = async (gw: TestGateway) =>
  MqttStatusSchema.parse(await gw.get('/api/mqtt/status'));

/** A valid, enabled config pointing at a port where no broker listens. */
async function validPost(gw: TestGateway): Promise<MqttConfigPost> {
  return {
    ...(await getConfig(gw)),
    mqtt_enabled: true,
    mqtt_hostname: '127.0.0.1',
    mqtt_port: await freePort(),
    mqtt_hass_enabled: true,
  };
}

const x = (n: number) => 'x'.repeat(n);

describe('GET /api/mqtt/config and /api/mqtt/status', () => {
  it('answers the defaults of wire-contract §6.3', async () => {
    const gw = await buildTestGateway();
    expect(await getConfig(gw)).toEqual({
      ...mqttConfigFixture,
      mqtt_root_ca_cert: DEFAULT_ROOT_CA,
    } satisfies MqttConfig);
  });

  it('status: effective client id, full LWT topic, parsed root CA, no secrets', async () => {
    const gw = await buildTestGateway();
    const body = (await gw.get('/api/mqtt/status')) as Record<string, unknown>;
    const status = MqttStatusSchema.strict().parse(body);
    expect(status.mqtt_clientid).toBe(`OpenDTU-${gw.app.system.chipId}`);
    expect(status.mqtt_connected).toBe(false);
    expect(status.mqtt_lwt_topic).toBe('solar/dtu/status');
    expect(status.mqtt_root_ca_cert_info).toContain(
      'subject name      : C=US, O=Internet Security Research Group, CN=ISRG Root X1',
    );
    expect(status.mqtt_root_ca_cert_info).toContain('issued  on        : 2015-06-04 11:04:38');
    expect(status.mqtt_root_ca_cert_info).toContain('expires on        : 2035-06-04 11:04:38');
    expect(status.mqtt_client_cert_info).toBe('');
    for (const secret of [
      'mqtt_password',
      'mqtt_root_ca_cert',
      'mqtt_client_key',
      'mqtt_lwt_qos',
    ]) {
      expect(body).not.toHaveProperty(secret);
    }
  });

  it('status: the configured client id, and "" for a certificate that does not parse', async () => {
    const gw = await buildTestGateway();
    const post = { ...(await getConfig(gw)), mqtt_clientid: 'my-dtu', mqtt_topic: 'pv/' };
    post.mqtt_root_ca_cert = '-----BEGIN CERTIFICATE-----\nbroken\n-----END CERTIFICATE-----\n';
    post.mqtt_client_cert = 'not a certificate';
    expect(await gw.post('/api/mqtt/config', post)).toMatchObject({ code: 1001 });
    const status = await getStatus(gw);
    expect(status.mqtt_clientid).toBe('my-dtu');
    expect(status.mqtt_lwt_topic).toBe('pv/dtu/status');
    expect(status.mqtt_root_ca_cert_info).toBe('');
    expect(status.mqtt_client_cert_info).toBe('');
  });
});

describe('POST /api/mqtt/config', () => {
  it('saves a valid config (1001), keeps it across a reboot', async () => {
    const gw = await buildTestGateway();
    const post = {
      ...(await validPost(gw)),
      mqtt_username: 'u',
      mqtt_password: 'p',
      mqtt_lwt_qos: 1,
    };
    expect(await gw.post('/api/mqtt/config', post)).toEqual({
      type: 'success',
      message: 'Settings saved!',
      code: 1001,
    });
    expect(await getConfig(gw)).toEqual(post);
    const rebooted = await gw.reboot();
    expect(await getConfig(rebooted)).toEqual(post);
    expect((await getStatus(rebooted)).mqtt_connected).toBe(false);
  });

  it('keeps the stored root CA when mqtt_root_ca_cert is left out', async () => {
    const gw = await buildTestGateway();
    const { mqtt_root_ca_cert: _omitted, ...post } = await validPost(gw);
    expect(await gw.post('/api/mqtt/config', post)).toMatchObject({ code: 1001 });
    expect((await getConfig(gw)).mqtt_root_ca_cert).toBe(DEFAULT_ROOT_CA);
  });

  const CASES: [number, object | undefined, Partial<MqttConfigPost>][] = [
    [7001, { max: 128 }, { mqtt_hostname: '' }],
    [7001, { max: 128 }, { mqtt_hostname: x(129) }],
    [7017, { max: 64 }, { mqtt_clientid: x(65) }],
    [7002, { max: 64 }, { mqtt_username: x(65) }],
    [7003, { max: 64 }, { mqtt_password: x(65) }],
    [7004, { max: 32 }, { mqtt_topic: x(32) + '/' }],
    [7005, undefined, { mqtt_topic: 'so lar/' }],
    [7006, undefined, { mqtt_topic: 'solar' }],
    [7007, undefined, { mqtt_port: 0 }],
    [7007, undefined, { mqtt_port: 65536 }],
    [7008, { max: 2560 }, { mqtt_root_ca_cert: x(2561) }],
    [7008, { max: 2560 }, { mqtt_client_cert: x(2561) }],
    [7008, { max: 2560 }, { mqtt_client_key: x(2561) }],
    [7009, { max: 32 }, { mqtt_lwt_topic: x(33) }],
    [7010, undefined, { mqtt_lwt_topic: 'dtu status' }],
    [7011, { max: 20 }, { mqtt_lwt_online: x(21) }],
    [7012, { max: 20 }, { mqtt_lwt_offline: x(21) }],
    [7016, { max: 2 }, { mqtt_lwt_qos: 3 }],
    [7013, { min: 5, max: 65535 }, { mqtt_publish_interval: 4 }],
    [7013, { min: 5, max: 65535 }, { mqtt_publish_interval: 65536 }],
    [7014, { max: 32 }, { mqtt_hass_topic: x(33) }],
    [7015, undefined, { mqtt_hass_topic: 'home assistant/' }],
  ];

  it.each(CASES)('answers %i %o and changes nothing', async (code, param, change) => {
    const gw = await buildTestGateway();
    const before = await getConfig(gw);
    const answer = await gw.post('/api/mqtt/config', { ...(await validPost(gw)), ...change });
    expect(answer).toEqual({
      type: 'warning',
      message: expect.any(String),
      code,
      ...(param ? { param } : {}),
    });
    expect(await getConfig(gw)).toEqual(before);
  });

  it('skips the Home Assistant checks while discovery is off', async () => {
    const gw = await buildTestGateway();
    const post = { ...(await validPost(gw)), mqtt_hass_enabled: false, mqtt_hass_topic: 'a b/' };
    expect(await gw.post('/api/mqtt/config', post)).toMatchObject({ code: 1001 });
    expect((await getConfig(gw)).mqtt_hass_topic).toBe('a b/');
  });

  it('saves unchecked values while disabled, cut to the buffer sizes', async () => {
    const gw = await buildTestGateway();
    const post = {
      ...(await validPost(gw)),
      mqtt_enabled: false,
      mqtt_hostname: x(300),
      mqtt_port: 0,
      mqtt_topic: 'no slash ' + x(40),
      mqtt_lwt_online: x(30),
      mqtt_lwt_qos: 7,
      mqtt_publish_interval: 1,
      mqtt_client_key: x(3000),
    };
    expect(await gw.post('/api/mqtt/config', post)).toMatchObject({ code: 1001 });
    const saved = await getConfig(gw);
    expect(saved.mqtt_hostname).toBe(x(128));
    expect(saved.mqtt_topic).toBe(('no slash ' + x(40)).slice(0, 32));
    expect(saved.mqtt_lwt_online).toBe(x(20));
    expect(saved.mqtt_client_key).toBe(x(2560));
    expect(saved).toMatchObject({ mqtt_port: 0, mqtt_lwt_qos: 7, mqtt_publish_interval: 1 });
  });

  it.each([
    ['a string for a bool', { mqtt_enabled: 'true' }],
    ['a string for the port', { mqtt_port: '1883' }],
    ['a negative port', { mqtt_port: -1 }],
    ['a fractional port', { mqtt_port: 1883.5 }],
    ['a QoS beyond uint8', { mqtt_lwt_qos: 256 }],
    ['a number for a string', { mqtt_topic: 5 }],
    ['null for the root CA', { mqtt_root_ca_cert: null }],
    ['a missing field', { mqtt_hass_individualpanels: undefined }],
  ])('answers 1005 to %s', async (_name, change) => {
    const gw = await buildTestGateway();
    const before = await getConfig(gw);
    expect(
      await gw.post('/api/mqtt/config', { ...(await validPost(gw)), ...change }),
    ).toMatchObject({
      type: 'warning',
      code: 1005,
    });
    expect(await getConfig(gw)).toEqual(before);
  });

  it.each([
    ['no data field', { body: 'nothing=1' }, 1002],
    ['unparsable JSON', { data: '{mqtt' }, 1004],
  ])('answers %s with its code', async (_name, init, code) => {
    const gw = await buildTestGateway();
    const response = await gw.request('POST', '/api/mqtt/config', init);
    expect(await response.json()).toMatchObject({ code });
  });
});

describe('auth', () => {
  const anonymous = { auth: null };
  const wrong = { auth: basicAuth('wrong-password') };

  it('config GET and POST always need the admin password', async () => {
    const gw = await buildTestGateway();
    const post = await validPost(gw);
    for (const init of [anonymous, wrong]) {
      expect((await gw.request('GET', '/api/mqtt/config', init)).status).toBe(401);
      const answer = await gw.request('POST', '/api/mqtt/config', { ...init, data: post });
      expect(answer.status).toBe(401);
    }
    expect((await getConfig(gw)).mqtt_enabled).toBe(false);
  });

  it('status is open while allow_readonly is on, admin-only when it is off', async () => {
    const gw = await buildTestGateway();
    expect((await gw.request('GET', '/api/mqtt/status', anonymous)).status).toBe(200);
    await gw.app.store.update((draft) => {
      draft.security.allow_readonly = false;
    });
    expect((await gw.request('GET', '/api/mqtt/status', anonymous)).status).toBe(401);
    expect((await gw.request('GET', '/api/mqtt/status', wrong)).status).toBe(401);
    expect((await gw.request('GET', '/api/mqtt/status')).status).toBe(200);
  });
});
