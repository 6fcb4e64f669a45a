import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { DeviceTarget } from '../../src/device/relay/device-target.js';
import { ADMIN_AUTH, testOptions } from './build-test-app.js';

export interface CompanionApp {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  /** A request to the companion, with its own admin login unless `auth` says otherwise. */
  fetch(urlPath: string, init?: RequestInit & { auth?: string | null }): Promise<Response>;
}

/**
 * A companion of `deviceUrl` (device id `dtu`) built in this process as main.ts builds it with
 * DTU_URL set, on a fresh data dir, listening; closed after the test. Quick back-off and live
 * socket timing, history only when asked.
 */
export async function startCompanionApp(
  deviceUrl: string,
  password: string,
  {
    history = false,
    devices,
    dataDir: givenDataDir,
    webDist,
    exportControl,
  }: {
    history?: boolean;
    /** Several DTU_URL devices (issue 27) instead of the one `deviceUrl`. */
    devices?: { name: string; url: string; password: string }[];
    /** A data dir prepared by the test (devices.json); removed after the test all the same. */
    dataDir?: string;
    /** A built interface to serve (none by default: unknown pages get the "not built" page). */
    webDist?: string;
    /** Export control's controller or meter in place of the gateway's (buildApp's option). */
    exportControl?: BuildAppOptions['exportControl'];
  } = {},
): Promise<CompanionApp> {
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(tmpdir(), 'heliodtu-companion-')));
  const envDevices = devices?.map((device) => ({
    name: device.name,
    target: new DeviceTarget({
      id: device.name.toLowerCase(),
      url: device.url,
      password: device.password,
    }),
  }));
  const app = await buildApp({
    options: testOptions(dataDir, {
      companion: envDevices
        ? { ...envDevices[0]!, devices: envDevices }
        : { target: new DeviceTarget({ id: 'dtu', url: deviceUrl, password }) },
      companionReconnect: { initialMs: 200, maxMs: 800 },
      liveSocket: { tickMs: 100, maxIntervalMs: 1000 },
      history: { enabled: history, retentionDays: 730, backfillDays: 0 },
      ...(webDist ? { webDist } : {}),
    }),
    ...(exportControl ? { exportControl } : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    app,
    url,
    dataDir,
    fetch(urlPath, { auth = ADMIN_AUTH, headers, ...init } = {}) {
      return fetch(url + urlPath, {
        ...init,
        headers: { ...(auth ? { authorization: auth } : {}), ...(headers as object) },
      });
    },
  };
}
