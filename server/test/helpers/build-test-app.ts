import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { GatewayOptions } from '../../src/env.js';
import type { DeviceClock } from '../../src/device/clock.js';
import { checkAnswers } from './api-description-check.js';

export const ADMIN_AUTH = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;
export const basicAuth = (password: string, user = 'admin') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export interface TestGateway {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of the real listener. */
  url: string;
  dataDir: string;
  restarts: string[];
  /** Answers the OpenAPI document contradicts; `request` throws on a new one, closing on any left. */
  apiProblems: string[];
  /** Real HTTP request. `data` is sent as multipart form data in the `data` field, as the interface does. */
  request(
    method: 'GET' | 'POST',
    urlPath: string,
    init?: {
      auth?: string | null;
      data?: unknown;
      body?: RequestInit['body'];
      headers?: Record<string, string>;
    },
  ): Promise<Response>;
  /** POST `data` as admin and return the JSON envelope. */
  post(urlPath: string, data: unknown): Promise<Record<string, unknown>>;
  /** GET as admin and return the JSON body. */
  get(urlPath: string): Promise<unknown>;
  /** Close and boot again on the same data dir, as a reboot does. */
  reboot(): Promise<TestGateway>;
}

export function testOptions(
  dataDir: string,
  overrides: Partial<GatewayOptions> = {},
): GatewayOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDist: path.join(dataDir, 'no-web-dist'),
    rebootDelaySeconds: 0,
    simFleet: 'none',
    simSeed: 1,
    simStart: undefined,
    simSpeed: 1,
    simFaults: [],
    // No demo backfill by default (it costs about a second per demo boot); history tests ask for it.
    history: { enabled: true, retentionDays: 730, backfillDays: 0 },
    ...overrides,
  };
}

/** A gateway on a fresh temp data dir, listening on a free loopback port; closed after the test. */
export async function buildTestGateway(
  overrides: Partial<GatewayOptions> = {},
  existingDataDir?: string,
  /** The clock of the previous boot, as main.ts keeps it across reboots. */
  existingClock?: DeviceClock,
  /** Registers the close-and-clean-up; pass your own to share one gateway in a beforeAll. */
  onFinished: (cleanup: () => Promise<void>) => void = (cleanup) => onTestFinished(cleanup),
): Promise<TestGateway> {
  const dataDir = existingDataDir ?? (await mkdtemp(path.join(tmpdir(), 'heliodtu-test-')));
  const restarts: string[] = [];
  const app = await buildApp({
    options: testOptions(dataDir, overrides),
    onRestart: (reason) => restarts.push(reason),
    ...(existingClock ? { clock: existingClock } : {}),
  });
  // Every answer is checked against the API description, so it cannot drift from the code.
  const apiProblems: string[] = [];
  checkAnswers(app, apiProblems);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // The demo backfill runs after listening; tests start from the whole history.
  await app.history?.started;
  onFinished(async () => {
    await app.close();
    if (!existingDataDir) await rm(dataDir, { recursive: true, force: true });
    if (apiProblems.length > 0) throw new Error(apiProblems.join('\n'));
  });

  const request: TestGateway['request'] = async (method, urlPath, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    const auth = init.auth === undefined ? ADMIN_AUTH : init.auth;
    if (auth !== null) headers['authorization'] = auth;
    let body = init.body;
    if (init.data !== undefined) {
      const form = new FormData();
      form.append('data', typeof init.data === 'string' ? init.data : JSON.stringify(init.data));
      body = form;
    }
    const seen = apiProblems.length;
    const response = await fetch(url + urlPath, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    if (apiProblems.length > seen) throw new Error(apiProblems.slice(seen).join('\n'));
    return response;
  };

  const gateway: TestGateway = {
    app,
    url,
    dataDir,
    restarts,
    apiProblems,
    request,
    async post(urlPath, data) {
      const response = await request('POST', urlPath, { data });
      return (await response.json()) as Record<string, unknown>;
    },
    async get(urlPath) {
      const response = await request('GET', urlPath);
      return response.json();
    },
    async reboot() {
      await app.close();
      return buildTestGateway(overrides, dataDir, app.clock, onFinished);
    },
  };
  return gateway;
}
