import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import type { GatewayOptions } from '../../src/env.js';
import { checkAnswers } from './api-description-check.js';
import { ADMIN_AUTH, testOptions } from './build-test-app.js';

const FILE = path.join('.heliodtu', 'export-control.json');

/**
 * A simulated gateway with the demo fleet at noon for export control's tests, listening on
 * loopback, every answer checked against the API description; closed (once) after the test.
 * `exportControl` replaces the controller or the meter (buildApp's option).
 */
export async function exportControlGateway(
  exportControl?: BuildAppOptions['exportControl'],
  overrides: Partial<GatewayOptions> = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-ec-'));
  const app = await buildApp({
    options: testOptions(dataDir, {
      simFleet: 'demo',
      simStart: '2025-06-21T12:00:00',
      history: { enabled: false, retentionDays: 730, backfillDays: 0 },
      ...overrides,
    }),
    ...(exportControl ? { exportControl } : {}),
  });
  const problems: string[] = [];
  checkAnswers(app, problems);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
  };
  onTestFinished(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
  /** A request with the admin login (or `auth`; '' for none), `data` as the form field. */
  const request = (method: 'GET' | 'POST', urlPath: string, data?: unknown, auth = ADMIN_AUTH) => {
    const init: RequestInit = { method, headers: auth ? { authorization: auth } : {} };
    if (data !== undefined) {
      const form = new FormData();
      form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
      init.body = form;
    }
    return fetch(url + urlPath, init);
  };
  const json = async (method: 'GET' | 'POST', urlPath: string, data?: unknown) =>
    (await (await request(method, urlPath, data)).json()) as Record<string, unknown>;
  /** export-control.json as on disk, null while there is none. */
  const file = () => readFile(path.join(dataDir, FILE), 'utf8').catch(() => null);
  return { app, url, dataDir, request, json, file, close };
}
