import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttConfigSchema, MqttStatusSchema, type MqttConfigPost } from '@heliodtu/contract/mqtt';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import { startMosquitto, type Mosquitto } from '../../test/helpers/mosquitto.js';
import { waitFor } from '../../test/helpers/mqtt-watcher.js';
import { createTestPki, type TestPki } from '../../test/helpers/test-pki.js';
import { certificateInfo } from './cert-info.js';

const FAST_RECONNECT = { mqttReconnect: { initialMs: 100, maxMs: 400 } };

let pki: TestPki;
/** TLS listener that verifies the server only. */
let serverAuth: Mosquitto;
/** TLS listener that requires a client certificate from the test CA. */
let mutualAuth: Mosquitto;

beforeAll(async () => {
  pki = await createTestPki();
  const tls = { caFile: pki.ca.file, certFile: pki.server.certFile, keyFile: pki.server.keyFile };
  [serverAuth, mutualAuth] = await Promise.all([
    startMosquitto({ tls }),
    startMosquitto({ tls: { ...tls, requireCertificate: true } }),
  ]);
});
afterAll(async () => {
  await Promise.all([serverAuth?.dispose(), mutualAuth?.dispose()]);
  await pki?.dispose();
});

const status = async (gw: TestGateway) => MqttStatusSchema.parse(await gw.get('/api/mqtt/status'));
const consoleText = (gw: TestGateway) => gw.app.consoleLog.backlog().join('');

async function enableTls(gw: TestGateway, port: number, change: Partial<MqttConfigPost>) {
  const current = MqttConfigSchema.parse(await gw.get('/api/mqtt/config'));
  const post: MqttConfigPost = {
    ...current,
    mqtt_enabled: true,
    mqtt_hostname: '127.0.0.1',
    mqtt_port: port,
    mqtt_tls: true,
    mqtt_root_ca_cert: pki.ca.pem,
    ...change,
  };
  expect(await gw.post('/api/mqtt/config', post)).toMatchObject({ code: 1001 });
}

describe('MQTT over TLS against Mosquitto', () => {
  it('connects with the configured root CA as the trust anchor', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await enableTls(gw, serverAuth.tlsPort!, {});
    await waitFor(async () => (await status(gw)).mqtt_connected, 'TLS connection');
  });

  it('refuses a server whose certificate does not chain to the configured CA', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await enableTls(gw, serverAuth.tlsPort!, { mqtt_root_ca_cert: pki.otherCa.pem });
    await waitFor(
      () => /MQTT: 127\.0\.0\.1:\d+: .*(certificate|verify)/i.test(consoleText(gw)),
      'the TLS failure on the console',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await status(gw)).mqtt_connected).toBe(false);
    // Retries go on but the same failure is logged once.
    expect(consoleText(gw).match(/MQTT: 127\.0\.0\.1/g)).toHaveLength(1);
  });

  it('the default root CA (ISRG Root X1) does not trust a private CA', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    const { mqtt_root_ca_cert: _unchanged, ...rest } = MqttConfigSchema.parse(
      await gw.get('/api/mqtt/config'),
    );
    const post = { ...rest, mqtt_enabled: true, mqtt_hostname: '127.0.0.1', mqtt_tls: true };
    expect(
      await gw.post('/api/mqtt/config', { ...post, mqtt_port: serverAuth.tlsPort }),
    ).toMatchObject({
      code: 1001,
    });
    await waitFor(() => /MQTT: 127\.0\.0\.1/.test(consoleText(gw)), 'the TLS failure');
    expect((await status(gw)).mqtt_connected).toBe(false);
  });

  it('a broker that requires client certificates refuses a client without one', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await enableTls(gw, mutualAuth.tlsPort!, {});
    await waitFor(() => /MQTT: 127\.0\.0\.1/.test(consoleText(gw)), 'the refusal on the console');
    expect((await status(gw)).mqtt_connected).toBe(false);
  });

  it('logs in with the client certificate and shows both certificates parsed', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await enableTls(gw, mutualAuth.tlsPort!, {
      mqtt_tls_cert_login: true,
      mqtt_client_cert: pki.client.cert,
      mqtt_client_key: pki.client.key,
      // Ignored with certificate login: no username or password goes out.
      mqtt_username: 'ignored',
      mqtt_password: 'ignored',
    });
    await waitFor(async () => (await status(gw)).mqtt_connected, 'mutual TLS connection');
    expect(mutualAuth.log()).toMatch(/\(p2, c1, k15\)/);
    const current = await status(gw);
    expect(current.mqtt_root_ca_cert_info).toContain(
      'subject name      : O=HelioDTU Test, CN=HelioDTU Test CA',
    );
    expect(current.mqtt_root_ca_cert_info).toContain(
      'issuer name       : O=HelioDTU Test, CN=HelioDTU Test CA',
    );
    expect(current.mqtt_root_ca_cert_info).toContain('basic constraints : CA=true');
    expect(current.mqtt_client_cert_info).toContain(
      'subject name      : O=HelioDTU Test, CN=heliodtu-client',
    );
    expect(current.mqtt_client_cert_info).toContain(
      'issuer name       : O=HelioDTU Test, CN=HelioDTU Test CA',
    );
    expect(current.mqtt_client_cert_info).toMatch(
      /issued {2}on {8}: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n/,
    );
    expect(current.mqtt_client_cert_info).toMatch(
      /expires on {8}: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n/,
    );
    expect(current.mqtt_client_cert_info).toContain('EC key            : prime256v1');
  });

  it('a client key that does not parse is reported once and never crashes the gateway', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await enableTls(gw, mutualAuth.tlsPort!, {
      mqtt_tls_cert_login: true,
      mqtt_client_cert: pki.client.cert,
      mqtt_client_key: 'not a key',
    });
    await waitFor(
      () => consoleText(gw).includes('MQTT: not connecting: invalid client certificate or key'),
      'the console line',
    );
    expect((await status(gw)).mqtt_connected).toBe(false);
  });
});

describe('certificateInfo', () => {
  it('summarises the first certificate of a PEM chain and answers "" for anything else', () => {
    const chain = pki.client.cert + pki.ca.pem;
    expect(certificateInfo(chain)).toBe(certificateInfo(pki.client.cert));
    expect(certificateInfo(pki.client.cert)).toMatch(
      /^serial number {5}: [0-9A-F]{2}(:[0-9A-F]{2})*\n/,
    );
    expect(certificateInfo('')).toBe('');
    expect(certificateInfo(pki.client.key)).toBe('');
    expect(certificateInfo('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toBe(
      '',
    );
  });
});
