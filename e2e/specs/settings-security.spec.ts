import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test as appTest } from '../fixtures/app-test.ts';

// Saving security settings on the shared gateway could lock every other spec out (password) or
// change what they may read without a login (read-only), so this spec starts a gateway of its
// own, once per worker, on a free port with its own data folder.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const AUTH = { Authorization: `Basic ${ADMIN_AUTHDATA}` };

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Polls until the gateway answers, or fails after the config's webServer timeout. */
async function waitUntilUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    const up = await fetch(`${url}api/system/status`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gateway at ${url} did not start`);
}

const test = appTest.extend<object, { ownGateway: string }>({
  ownGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) => {
      const port = await freePort();
      const base = process.env['E2E_TMP'] ?? tmpdir();
      const dataDir = await mkdtemp(path.join(base, 'security-data-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        stdio: 'ignore',
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST: process.env['E2E_WEB_DIST'] ?? path.join(ROOT, 'web/dist'),
          SIM_SEED: '42',
          SIM_START: '2025-06-21T12:00:00',
        },
      });
      const url = `http://127.0.0.1:${port}/`;
      try {
        await waitUntilUp(url, child);
        await use(url);
      } finally {
        child.kill('SIGTERM');
        if (child.exitCode === null) await once(child, 'exit');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 70_000 },
  ],
  baseURL: async ({ ownGateway }, use) => use(ownGateway),
});

// One gateway for the file, and the read-only test's changes never overlap another test.
test.describe.configure({ mode: 'serial' });

const ORIGINAL = { password: 'openDTU42', allow_readonly: true };

/** Every POST the page makes to the security settings. */
function recordSaves(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/security/config')) {
      sent.push(request.url());
    }
  });
  return sent;
}

test.beforeEach(async ({ page }) => {
  const answer = await page.request.get('api/security/config', { headers: AUTH });
  expect(await answer.json()).toEqual(ORIGINAL);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('settings/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security Settings' })).toBeVisible();
  // Never the shared gateway of playwright.config.ts.
  expect(new URL(page.url()).port).not.toBe(process.env['E2E_PORT']);
});

test.afterEach(async ({ page }) => {
  const answer = await page.request.post('api/security/config', {
    headers: AUTH,
    form: { data: JSON.stringify(ORIGINAL) },
  });
  expect(await answer.json()).toMatchObject({ type: 'success', code: 1001 });
});

test('a short password and an unequal repeat show their messages and send nothing', async ({
  page,
}) => {
  const sent = recordSaves(page);
  const password = page.getByLabel('Password', { exact: true });
  const repeat = page.getByLabel('Repeat password');

  await password.fill('short');
  await repeat.fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The password needs 8 to 64 characters.')).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill('long-enough-1');
  await repeat.fill('long-enough-2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords are not equal')).toBeVisible();
  await expect(page.getByText('The password needs 8 to 64 characters.')).toHaveCount(0);
  await expect(repeat).toBeFocused();

  expect(sent).toEqual([]);
});

test('the read-only switch is saved, kept after a reload and takes effect', async ({
  page,
  request,
}) => {
  const sent = recordSaves(page);
  const readOnly = page.getByRole('switch', { name: /read-only/ });
  await expect(readOnly).toBeChecked();
  await expect((await request.get('api/mqtt/status')).status()).toBe(200);

  await readOnly.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  expect(sent).toHaveLength(1);

  await page.reload();
  await expect(readOnly).not.toBeChecked();
  // Without a login the status pages are closed now.
  await expect((await request.get('api/mqtt/status')).status()).toBe(401);

  // Back through the page, as a user would undo it.
  await readOnly.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  await page.reload();
  await expect(readOnly).toBeChecked();
  await expect((await request.get('api/mqtt/status')).status()).toBe(200);
});
