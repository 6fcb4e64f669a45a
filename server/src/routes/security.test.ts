import { describe, expect, it } from 'vitest';
import { ApiResultSchema } from '@heliodtu/contract/envelope';
import {
  AuthenticateResponseSchema,
  SecurityConfigResponseSchema,
  SecurityConfigSchema,
} from '@heliodtu/contract/security';
import {
  basicAuth,
  buildTestGateway,
  type TestGateway,
} from '../../test/helpers/build-test-app.js';
import { blockConfigWrites } from '../../test/helpers/config-on-disk.js';

const DEFAULT = { password: 'openDTU42', allow_readonly: true };

async function securityConfig(gw: TestGateway, password = 'openDTU42') {
  const response = await gw.request('GET', '/api/security/config', { auth: basicAuth(password) });
  expect(response.status).toBe(200);
  return SecurityConfigSchema.parse(await response.json());
}

async function authenticate(gw: TestGateway, auth: string | null) {
  return gw.request('GET', '/api/security/authenticate', { auth });
}

describe('GET /api/security/authenticate', () => {
  it('answers 10002 to the admin, as JSON', async () => {
    const gw = await buildTestGateway();
    const response = await authenticate(gw, basicAuth('openDTU42'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = AuthenticateResponseSchema.parse(await response.json());
    expect(body).toEqual({ type: 'success', message: 'Authentication successful!', code: 10002 });
  });

  it.each([
    ['no credentials', null],
    ['a wrong password', basicAuth('openDTU43')],
    ['another user', basicAuth('openDTU42', 'root')],
    ['a malformed header', 'Basic !!!'],
  ])('answers 401 with an empty body to %s', async (_name, auth) => {
    const gw = await buildTestGateway();
    const response = await authenticate(gw, auth);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('');
  });
});

describe('GET /api/security/config', () => {
  it('answers the default password and read-only setting', async () => {
    const gw = await buildTestGateway();
    expect(await securityConfig(gw)).toEqual(DEFAULT);
  });
});

describe('POST /api/security/config', () => {
  it('saves with 1001; the new password authenticates and the old one no longer does', async () => {
    const gw = await buildTestGateway();
    const result = await gw.post('/api/security/config', {
      password: 'n3w-secret',
      allow_readonly: false,
    });
    expect(SecurityConfigResponseSchema.parse(result)).toEqual({
      type: 'success',
      message: 'Settings saved!',
      code: 1001,
    });
    expect((await authenticate(gw, basicAuth('openDTU42'))).status).toBe(401);
    expect((await authenticate(gw, basicAuth('n3w-secret'))).status).toBe(200);
    expect(await securityConfig(gw, 'n3w-secret')).toEqual({
      password: 'n3w-secret',
      allow_readonly: false,
    });
  });

  it('keeps the saved password and setting across a reboot', async () => {
    const first = await buildTestGateway();
    await first.post('/api/security/config', { password: 'persisted!', allow_readonly: false });
    const gw = await first.reboot();
    expect((await authenticate(gw, basicAuth('openDTU42'))).status).toBe(401);
    expect((await authenticate(gw, basicAuth('persisted!'))).status).toBe(200);
    expect(await securityConfig(gw, 'persisted!')).toEqual({
      password: 'persisted!',
      allow_readonly: false,
    });
  });

  it.each([
    ['7 characters', 'short12'],
    ['65 characters', 'x'.repeat(65)],
    ['an empty password', ''],
  ])('answers %s with 10001 and max 64, saving nothing', async (_name, password) => {
    const gw = await buildTestGateway();
    const result = await gw.post('/api/security/config', { password, allow_readonly: false });
    expect(ApiResultSchema.parse(result)).toEqual({
      type: 'warning',
      message: 'Password must between 8 and 64 characters long!',
      code: 10001,
      param: { max: 64 },
    });
    expect(await securityConfig(gw)).toEqual(DEFAULT);
  });

  it('accepts the bounds 8 and 64', async () => {
    const gw = await buildTestGateway();
    expect(
      await gw.post('/api/security/config', { password: '8chars!!', allow_readonly: true }),
    ).toMatchObject({ code: 1001 });
    const long = 'L'.repeat(64);
    const response = await gw.request('POST', '/api/security/config', {
      auth: basicAuth('8chars!!'),
      data: { password: long, allow_readonly: true },
    });
    expect(await response.json()).toMatchObject({ code: 1001 });
    expect((await authenticate(gw, basicAuth(long))).status).toBe(200);
  });

  it.each([
    ['no data field', { body: 'nothing=1' }, 1002],
    ['unparsable JSON', { data: '{"password":' }, 1004],
    ['a JSON text that is no object', { data: '"openDTU42"' }, 1005],
    [
      'a missing password (the firmware would take "null")',
      { data: { allow_readonly: false } },
      1005,
    ],
    ['a missing allow_readonly', { data: { password: 'changed-pw' } }, 1005],
    ['a numeric password', { data: { password: 12345678, allow_readonly: false } }, 1005],
    ['a null password', { data: { password: null, allow_readonly: false } }, 1005],
    [
      'allow_readonly as a string',
      { data: { password: 'changed-pw', allow_readonly: 'false' } },
      1005,
    ],
    ['allow_readonly as a number', { data: { password: 'changed-pw', allow_readonly: 0 } }, 1005],
  ])('answers %s with %i and changes nothing', async (_name, init, code) => {
    const gw = await buildTestGateway();
    const before = await securityConfig(gw);
    const response = await gw.request('POST', '/api/security/config', init);
    expect(response.status).toBe(200);
    const body = ApiResultSchema.parse(await response.json());
    expect(body).toMatchObject({ type: 'warning', code });
    expect(await securityConfig(gw)).toEqual(before);
    expect((await authenticate(gw, basicAuth('openDTU42'))).status).toBe(200);
  });

  it('answers 1006 when the config cannot be written, keeping the old password', async () => {
    const gw = await buildTestGateway();
    await blockConfigWrites(gw);
    const result = await gw.post('/api/security/config', {
      password: 'unsaved-pw',
      allow_readonly: false,
    });
    expect(ApiResultSchema.parse(result)).toEqual({
      type: 'warning',
      message: 'Write failed!',
      code: 1006,
    });
    expect(await securityConfig(gw)).toEqual(DEFAULT);
    expect((await authenticate(gw, basicAuth('unsaved-pw'))).status).toBe(401);
  });
});

describe('auth matrix of the security, network and system endpoints', () => {
  type Guard = 'admin' | 'readonly';
  // POSTs carry data that passes auth but fails the kind check (1005), so nothing changes.
  const endpoints: [method: 'GET' | 'POST', path: string, guard: Guard][] = [
    ['GET', '/api/security/authenticate', 'admin'],
    ['GET', '/api/security/config', 'admin'],
    ['POST', '/api/security/config', 'admin'],
    ['GET', '/api/network/config', 'admin'],
    ['POST', '/api/network/config', 'admin'],
    ['GET', '/api/network/status', 'readonly'],
    ['GET', '/api/system/status', 'readonly'],
  ];
  const callers = [
    ['anonymous', null],
    ['wrong password', basicAuth('wrong-password')],
    ['right password', basicAuth('openDTU42')],
  ] as const;

  it.each([true, false])('with allow_readonly %s', async (allowReadonly) => {
    const gw = await buildTestGateway();
    expect(
      await gw.post('/api/security/config', {
        password: 'openDTU42',
        allow_readonly: allowReadonly,
      }),
    ).toMatchObject({ code: 1001 });
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [method, urlPath, guard] of endpoints) {
      for (const [caller, auth] of callers) {
        const response = await gw.request(method, urlPath, {
          auth,
          ...(method === 'POST' ? { data: {} } : {}),
        });
        const open = caller === 'right password' || (guard === 'readonly' && allowReadonly);
        seen.push(`${method} ${urlPath} ${caller}: ${response.status}`);
        expected.push(`${method} ${urlPath} ${caller}: ${open ? 200 : 401}`);
        if (response.status === 401) {
          expect(response.headers.get('www-authenticate')).toBe('Basic realm="Login Required"');
          expect(await response.text()).toBe('');
        } else {
          await response.arrayBuffer();
        }
      }
    }
    expect(seen).toEqual(expected);
    expect(await securityConfig(gw)).toEqual({
      password: 'openDTU42',
      allow_readonly: allowReadonly,
    });
  });

  it('omits WWW-Authenticate when the interface sends X-Requested-With', async () => {
    const gw = await buildTestGateway();
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    const response = await gw.request('GET', '/api/system/status', {
      auth: null,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});
