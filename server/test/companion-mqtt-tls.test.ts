import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import { DEVICES_PATH, DeviceTestResultSchema } from '@heliodtu/contract/companion';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import type { CompanionApp } from './helpers/companion-app.js';
import { startCompanionFromEnv } from './helpers/companion-env-app.js';
import { startGatewayProcess, type GatewayProcess } from './helpers/gateway-process.js';
import { startMosquitto, type Mosquitto } from './helpers/mosquitto.js';
import { waitFor } from './helpers/mqtt-watcher.js';
import { startPublishingGateway } from './helpers/publishing-gateway.js';
import { createTestPki, type TestPki } from './helpers/test-pki.js';

/**
 * Issue 37: a device on an mqtts:// broker. One real Mosquitto with two listeners on
 * 127.0.0.1: TLS with a server certificate from a throw-away CA (openssl), and plain, where our
 * simulated gateway publishes OpenDTU's tree as the site's DTU. The companion reads over TLS
 * only, trusting that CA as an owner would: DTU_MQTT_CA_FILE, or Node's NODE_EXTRA_CA_CERTS.
 */

interface DeviceStatus {
  id: string;
  reachable: boolean;
  problem: { code: string; message: string } | null;
}

const PREFIX = 'tls-site/';
let pki: TestPki;
let broker: Mosquitto;
let site: GatewayProcess;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  pki = await createTestPki();
  broker = await startMosquitto({
    tls: { caFile: pki.ca.file, certFile: pki.server.certFile, keyFile: pki.server.keyFile },
  });
  site = await startPublishingGateway(broker, PREFIX, { HISTORY: 'off' }, (cleanup) =>
    cleanups.push(cleanup),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  await broker?.dispose();
  await pki?.dispose();
});

const tlsBroker = () => `mqtts://127.0.0.1:${broker.tlsPort}`;
const tlsAddress = () => `${tlsBroker()}/${PREFIX}`;
/** mqtts:// with the plain listener's port: the owner's other likely mistake. */
const plainPortAsTls = () => `mqtts://127.0.0.1:${broker.port}/${PREFIX}`;

async function siteSerials(): Promise<string[]> {
  const answer = await fetch(`${site.url}/api/livedata/status`, {
    headers: { authorization: ADMIN_AUTH },
  });
  const { inverters } = (await answer.json()) as { inverters: { serial: string }[] };
  return inverters.map((inverter) => inverter.serial).sort();
}

async function liveSerials(url: string, auth = ADMIN_AUTH): Promise<string[] | null> {
  const answer = await fetch(`${url}/api/livedata/status`, { headers: { authorization: auth } });
  if (answer.status !== 200 || answer.headers.get('x-heliodtu-device-away-since') !== null) {
    return null;
  }
  const { inverters } = (await answer.json()) as { inverters: { serial: string }[] };
  return inverters.length > 0 ? inverters.map((inverter) => inverter.serial).sort() : null;
}

/** The site's inverters all listed (a first publish run may not have brought them all yet). */
const sameList = async (listed: Promise<string[] | null>, expected: string[]) =>
  JSON.stringify(await listed) === JSON.stringify(expected);

const statusOf = async (companion: CompanionApp, id: string): Promise<DeviceStatus> => {
  const answer = await companion.fetch('/api/companion/status');
  const { devices } = (await answer.json()) as { devices: DeviceStatus[] };
  return devices.find((device) => device.id === id)!;
};

async function testConnection(companion: CompanionApp, url: string) {
  const body = new FormData();
  body.append('data', JSON.stringify({ url, user: '', password: '' }));
  const answer = await companion.fetch(`${DEVICES_PATH}/test`, { method: 'POST', body });
  return DeviceTestResultSchema.parse(await answer.json());
}

/**
 * The client ids Mosquitto saw on its plain listener: a companion's clients are mqtt.js's
 * (`mqttjs_…`), the publishing gateway's its own. Mosquitto logs the listener's port with the
 * peer's address and the client id with the same address.
 */
function plainListenerClients(): string[] {
  const log = broker.log();
  const peers = [...log.matchAll(/New connection from (\S+) on port (\d+)/g)]
    .filter(([, , port]) => Number(port) === broker.port)
    .map(([, peer]) => peer);
  return [...log.matchAll(/New client connected from (\S+) as (\S+)/g)]
    .filter(([, peer]) => peers.includes(peer))
    .map(([, , id]) => id!);
}

const explain =
  (companion: CompanionApp) =>
  (error: Error): never => {
    throw new Error(`${error.message}\n${companion.app.consoleLog.backlog().join('')}`);
  };

describe('a device on an mqtts:// broker', () => {
  it("lists the inverters over TLS when the owner gives the broker's CA in DTU_MQTT_CA_FILE; the Devices screen's test finds it too", async () => {
    const companion = await startCompanionFromEnv({
      DTU_URL: `Cottage=${tlsAddress()}`,
      DTU_MQTT_CA_FILE: pki.ca.file,
    });
    const serials = await siteSerials();
    await waitFor(
      () => sameList(liveSerials(`${companion.url}/dtu/cottage`), serials),
      'every inverter of the site over TLS',
      30_000,
    ).catch(explain(companion));
    expect(await statusOf(companion, 'cottage')).toMatchObject({ reachable: true, problem: null });

    const tested = await testConnection(companion, tlsAddress());
    expect(tested).toMatchObject({
      type: 'success',
      code: ApiCodeCompanion.DeviceReachable,
      found: { inverters: serials.length },
    });
    // Every client of the companion reached the broker on the TLS listener; the site on the plain one.
    expect(plainListenerClients().length).toBeGreaterThan(0);
    expect(plainListenerClients().filter((id) => id.startsWith('mqttjs_'))).toEqual([]);
  }, 60_000);

  it("without the broker's CA trusted: the device shows a plain reason, the test says it too, and nothing falls back to plain MQTT", async () => {
    const otherCa = path.join(pki.dir, 'bundle-without-ours.pem');
    await writeFile(otherCa, pki.otherCa.pem);
    const companion = await startCompanionFromEnv({
      DTU_URL: `Cottage=${tlsAddress()},Flat=${tlsAddress()},Wrong port=${plainPortAsTls()}`,
      // The flat's owner gave a CA, but not the one that signed the broker's certificate.
      DTU_MQTT_CA_FILE: otherCa,
    });
    const untrusted = {
      code: 'tls',
      message:
        `the broker's certificate is not trusted (${tlsBroker()}): no CA this companion ` +
        "trusts signed it; give the broker's CA in DTU_MQTT_CA_FILE",
    };
    await waitFor(
      async () => (await statusOf(companion, 'cottage')).problem !== null,
      'the reason',
      15_000,
    ).catch(explain(companion));
    // Longer than a publish interval of the site: still no data, still the same words.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const id of ['cottage', 'flat']) {
      expect(await statusOf(companion, id)).toMatchObject({ reachable: false, problem: untrusted });
      const live = await companion.fetch(`/dtu/${id}/api/livedata/status`);
      expect(live.status).toBe(503);
      expect(live.headers.get('x-heliodtu-device-problem')).toBe('tls');
    }
    // TLS asked of the plain listener: said as such on the device, the same in the test below.
    expect((await statusOf(companion, 'wrong-port')).problem).toEqual({
      code: 'tls',
      message:
        `the broker mqtts://127.0.0.1:${broker.port} closed the connection at the TLS ` +
        'handshake: is that port its TLS listener (usually 8883)?',
    });
    expect(companion.app.consoleLog.backlog().join('')).toContain(untrusted.message);
    expect(companion.app.consoleLog.backlog().join('')).not.toMatch(/\n\s+at /);

    const tested = await testConnection(companion, tlsAddress());
    expect(tested).toMatchObject({
      type: 'warning',
      code: ApiCodeCompanion.DeviceProblem,
      problem: 'tls',
      message: untrusted.message,
    });
    const plain = await testConnection(companion, plainPortAsTls());
    expect(plain).toMatchObject({
      problem: 'tls',
      message: (await statusOf(companion, 'wrong-port')).problem?.message,
    });
    expect(plainListenerClients().filter((id) => id.startsWith('mqttjs_'))).toEqual([]);
  }, 60_000);

  it('trusts the CA through NODE_EXTRA_CA_CERTS, as any Node program does, in the companion as a process', async () => {
    const companion = await startGatewayProcess({
      env: { DTU_URL: tlsAddress(), NODE_EXTRA_CA_CERTS: pki.ca.file, HISTORY: 'off' },
    });
    const serials = await siteSerials();
    await waitFor(
      () => sameList(liveSerials(companion.url), serials),
      'every inverter of the site over TLS',
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${companion.output()}`);
    });
  }, 60_000);

  it('stops the start with a line naming DTU_MQTT_CA_FILE when the file is missing or holds no certificate', async () => {
    const missing = path.join(pki.dir, 'no-such-ca.pem');
    await expect(
      startCompanionFromEnv({ DTU_URL: tlsAddress(), DTU_MQTT_CA_FILE: missing }),
    ).rejects.toThrow(`DTU_MQTT_CA_FILE ${missing}: no such file`);
    const notPem = path.join(pki.dir, 'not-a-ca.pem');
    await writeFile(notPem, 'ca.crt\n');
    await expect(
      startCompanionFromEnv({ DTU_URL: tlsAddress(), DTU_MQTT_CA_FILE: notPem }),
    ).rejects.toThrow(
      `DTU_MQTT_CA_FILE ${notPem} holds no certificate (PEM text from -----BEGIN CERTIFICATE-----)`,
    );
    // The process itself: one line, no stack trace, a non-zero exit.
    const failed = await startGatewayProcess({
      env: { DTU_URL: tlsAddress(), DTU_MQTT_CA_FILE: missing, HISTORY: 'off' },
    }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failed).toContain(
      `\nHelioDTU failed to start: DTU_MQTT_CA_FILE ${missing}: no such file\n`,
    );
    expect(failed).not.toMatch(/\n\s+at /);
  }, 60_000);
});
