import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { ApiResultSchema } from '@heliodtu/contract/envelope';
import { basicAuth, type TestGateway } from './build-test-app.js';

/** config.json of the gateway's data dir, as text. */
export const configText = (gw: TestGateway) =>
  readFile(path.join(gw.dataDir, 'config.json'), 'utf8');

/** config.json of the gateway's data dir, parsed; T names the sections a test looks at. */
export const configOnDisk = async <T = Record<string, unknown>>(gw: TestGateway) =>
  JSON.parse(await configText(gw)) as T;

/** Makes every later save fail (answer 1006): a non-empty folder in place of config.json breaks the atomic rename, even for root. */
export async function blockConfigWrites(gw: TestGateway): Promise<void> {
  const file = path.join(gw.dataDir, 'config.json');
  await rm(file);
  await mkdir(path.join(file, 'blocker'), { recursive: true });
}

/**
 * Posts `data` to `url` and expects a warning with `code` and `param` that changes nothing:
 * neither what `read` answers (the endpoint's GET) nor config.json.
 */
export async function expectConfigRefused(
  gw: TestGateway,
  url: string,
  read: () => Promise<unknown>,
  data: unknown,
  code: number,
  param?: object,
): Promise<void> {
  const before = await read();
  const diskBefore = await configText(gw);
  const response = await gw.request('POST', url, { data });
  expect(response.status).toBe(200);
  const result = ApiResultSchema.parse(await response.json());
  expect(result).toMatchObject({ type: 'warning', code });
  expect(result.param).toEqual(param);
  expect(await read()).toEqual(before);
  expect(await configText(gw)).toBe(diskBefore);
}

/**
 * GET and POST `data` on an admin-only config endpoint: anonymous and a wrong password get
 * 401 with an empty body and change nothing (`unchanged` checks that), the admin gets 200.
 */
export async function expectAdminOnlyConfig(
  gw: TestGateway,
  url: string,
  data: unknown,
  unchanged: () => Promise<void>,
): Promise<void> {
  for (const method of ['GET', 'POST'] as const) {
    const init = method === 'POST' ? { data } : {};
    const anonymous = await gw.request(method, url, { ...init, auth: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('');
    const wrong = await gw.request(method, url, { ...init, auth: basicAuth('wrong-pass') });
    expect(wrong.status).toBe(401);
    await unchanged();
    const admin = await gw.request(method, url, init);
    expect(admin.status).toBe(200);
  }
}

/**
 * With config.json blocked, posting `data` (built from the GET answer) answers the warning
 * 1006 and leaves what `read` answers as it was.
 */
export async function expectSaveFails<T>(
  gw: TestGateway,
  url: string,
  read: () => Promise<T>,
  data: (before: T) => unknown,
): Promise<void> {
  const before = await read();
  await blockConfigWrites(gw);
  expect(await gw.post(url, data(before))).toMatchObject({ type: 'warning', code: 1006 });
  expect(await read()).toEqual(before);
}
