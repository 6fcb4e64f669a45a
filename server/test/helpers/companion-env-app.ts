import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readOptions } from '../../src/env.js';
import { ADMIN_AUTH, testOptions } from './build-test-app.js';
import type { CompanionApp } from './companion-app.js';

/**
 * A companion built in this process from environment variables as main.ts reads them
 * (`DTU_URL`, `DTU_USER_<NAME>`, `DTU_AWAY_S`, …), so a test covers the owner's settings from
 * the variable to the device; on a fresh data dir, listening on 127.0.0.1, closed after the
 * test. Quick back-off and live socket timing; no history.
 */
export async function startCompanionFromEnv(env: Record<string, string>): Promise<CompanionApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-companion-env-'));
  const { companion } = readOptions([], env);
  if (!companion) throw new Error('startCompanionFromEnv needs DTU_URL');
  const app = await buildApp({
    options: testOptions(dataDir, {
      companion,
      companionReconnect: { initialMs: 200, maxMs: 800 },
      liveSocket: { tickMs: 100, maxIntervalMs: 1000 },
      history: { enabled: false, retentionDays: 730, backfillDays: 0 },
    }),
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
