import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import {
  ADMIN_AUTH,
  basicAuth,
  buildTestGateway,
  testOptions,
  type TestGateway,
} from './helpers/build-test-app.js';
import {
  TABLE,
  routeKey,
  routesOfTree,
  type Context,
  type Guard,
  type Row,
} from './auth-matrix-table.js';

/**
 * Wire-contract §2 / §2.1: every endpoint × anonymous / wrong / right password × allow_readonly
 * on and off, each with and without X-Requested-With. Rows of auth-matrix-table.ts whose route
 * is not registered are left out; a registered route without a row fails the first test.
 */

/** The routes a gateway registers, read once from a throw-away boot. */
async function registeredRoutes(): Promise<Set<string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-routes-'));
  const app = await buildApp({ options: testOptions(dataDir) });
  await app.ready();
  const routes = routesOfTree(app.printRoutes({ commonPrefix: false }));
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return routes;
}

const REGISTERED = await registeredRoutes();
const ROWS = TABLE.filter((row) => row.fallback || REGISTERED.has(routeKey(row)));

const AUTHS = {
  anonymous: null,
  'wrong password': basicAuth('wrong-Passw0rd'),
  'right password': ADMIN_AUTH,
} as const;
type Who = keyof typeof AUTHS;

interface Answer {
  status: number;
  body: string;
  wwwAuthenticate: string | null;
}

/** A WebSocket upgrade: 101 when accepted, else the refusal's status, header and body. */
function upgrade(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('error', reject);
    ws.once('open', () => {
      resolve({ status: 101, body: '', wwwAuthenticate: null });
      ws.terminate();
    });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const header = response.headers['www-authenticate'];
        resolve({ status: response.statusCode ?? 0, body, wwwAuthenticate: header ?? null });
        ws.off('error', reject);
        ws.on('error', () => undefined);
        ws.terminate();
      });
    });
  });
}

async function send(ctx: Context, row: Row, auth: string | null, xrw: boolean): Promise<Answer> {
  const headers: Record<string, string> = xrw ? { 'x-requested-with': 'XMLHttpRequest' } : {};
  if (row.method === 'WS') {
    if (auth) headers['authorization'] = auth;
    return upgrade(ctx.gw.url.replace(/^http/, 'ws') + row.path, headers);
  }
  const init: Parameters<TestGateway['request']>[2] = { auth, headers };
  if (row.data) init.data = await row.data(ctx);
  if (row.body) init.body = row.body();
  const response = await ctx.gw.request(row.method, row.path, init);
  return {
    status: response.status,
    body: await response.text(),
    wwwAuthenticate: response.headers.get('www-authenticate'),
  };
}

const isAllowed = (guard: Guard, who: Who, readonly: boolean) =>
  guard === 'none' || (guard === 'readonly' && readonly) || who === 'right password';

/** A gateway for a whole describe block, with a built web page and a language pack to serve. */
async function matrixGateway(
  readonly: boolean,
): Promise<{ ctx: Context; close: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'heliodtu-matrix-'));
  const [dataDir, webDist] = [path.join(root, 'data'), path.join(root, 'web')];
  await mkdir(dataDir);
  await mkdir(webDist);
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>test</title>');
  await writeFile(
    path.join(dataDir, 'xx.lang.json'),
    JSON.stringify({ meta: { code: 'xx', name: 'Test' }, webapp: {} }),
  );
  const cleanups: (() => Promise<void>)[] = [];
  const gw = await buildTestGateway({ webDist }, dataDir, undefined, (c) => cleanups.push(c));
  const close = async () => {
    for (const cleanup of cleanups) await cleanup();
    await rm(root, { recursive: true, force: true });
  };
  if (!readonly) {
    expect(
      await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false }),
    ).toMatchObject({ code: 1001 });
  }
  return { ctx: { gw, readonly }, close };
}

describe('route table', () => {
  it('has a row for every route the gateway registers', () => {
    const listed = new Set(TABLE.map(routeKey));
    expect(REGISTERED.has('POST /api/file/delete_all')).toBe(true); // the tree parser works
    expect([...REGISTERED].filter((route) => !listed.has(route))).toEqual([]);
  });
});

const CASES = ROWS.flatMap((row) =>
  (Object.keys(AUTHS) as Who[]).map((who) => ({ ...row, row, who })),
);

describe.each([true, false])('allow_readonly %s', (readonly) => {
  let ctx: Context;
  beforeAll(async () => {
    const built = await matrixGateway(readonly);
    ctx = built.ctx;
    return built.close;
  });

  it.each(CASES)('$method $path as $who', async ({ row, who }) => {
    const allowed = isAllowed(row.guard, who, readonly);
    for (const xrw of [false, true]) {
      const answer = await send(ctx, row, AUTHS[who], xrw);
      if (allowed) {
        expect(answer.status, `X-Requested-With ${xrw}`).toBe(row.status ?? 200);
        expect(answer.wwwAuthenticate).toBeNull();
      } else {
        expect(answer.status, `X-Requested-With ${xrw}`).toBe(401);
        expect(answer.body).toBe('');
        expect(answer.wwwAuthenticate).toBe(xrw ? null : 'Basic realm="Login Required"');
      }
    }
  });

  it('ran no handler for a refused request: only the admin adds exist, nothing restarted', async () => {
    const { inverter } = (await ctx.gw.get('/api/inverter/list')) as {
      inverter: { name: string }[];
    };
    // One add per X-Requested-With variant with the right password.
    expect(inverter.filter((entry) => entry.name === 'Matrix')).toHaveLength(2);
    expect(ctx.gw.restarts).toEqual([]);
    expect(ctx.gw.app.store.config.security).toEqual({
      password: 'openDTU42',
      allow_readonly: readonly,
    });
  });
});

describe('credentials that are not the admin password', () => {
  let ctx: Context;
  beforeAll(async () => {
    const built = await matrixGateway(false);
    ctx = built.ctx;
    return built.close;
  });

  it.each([
    ['another user with the right password', basicAuth('openDTU42', 'root')],
    ['the password in another case', basicAuth('OPENDTU42')],
    [
      'the token in lower case',
      `Basic ${Buffer.from('admin:openDTU42').toString('base64').toLowerCase()}`,
    ],
    ['an empty Basic token', 'Basic '],
    ['a token that is no base64', 'Basic %%%%'],
    ['a Bearer token', `Bearer ${Buffer.from('admin:openDTU42').toString('base64')}`],
    ['the password without a user', `Basic ${Buffer.from('openDTU42').toString('base64')}`],
    ['a trailing character in the password', basicAuth('openDTU42 ')],
  ])('refuses %s', async (_name, auth) => {
    for (const urlPath of ['/api/security/authenticate', '/api/system/status']) {
      const response = await ctx.gw.request('GET', urlPath, { auth });
      expect(response.status).toBe(401);
    }
  });

  it('accepts the scheme name in any case, as HTTP allows', async () => {
    const token = Buffer.from('admin:openDTU42').toString('base64');
    const response = await ctx.gw.request('GET', '/api/security/authenticate', {
      auth: `basic ${token}`,
    });
    expect(response.status).toBe(200);
  });
});
