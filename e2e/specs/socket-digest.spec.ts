import type { Page, WebSocket } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { test as appTest } from '../fixtures/app-test.ts';
import { withOwnGateway } from '../fixtures/own-gateway.ts';

// Issue 25: a v26.3.30 gateway with read-only access off asks for Digest on /livedata and
// /console, as current OpenDTU does. The interface gives its stored login both as our `auth`
// parameter and as the socket URL's userinfo, from which Chromium answers a device's challenge.

const PASSWORD = 'openDTU42';

const test = appTest.extend<object, { v26Gateway: string }>({
  v26Gateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) =>
      withOwnGateway('digest-gateway-', { SIM_FIRMWARE: 'v26.3.30' }, async (url) => {
        const saved = await fetch(`${url}api/security/config`, {
          method: 'POST',
          headers: { authorization: `Basic ${ADMIN_AUTHDATA}` },
          body: new URLSearchParams({
            data: JSON.stringify({ password: PASSWORD, allow_readonly: false }),
          }),
        });
        expect(await saved.json()).toMatchObject({ code: 1001 });
        await use(url);
      }),
    { scope: 'worker', timeout: 70_000 },
  ],
  baseURL: async ({ v26Gateway }, use) => use(v26Gateway),
});

/** Every socket the page opens to `path`, with the frames it received. */
function watchSockets(page: Page, socketPath: string) {
  const sockets: { socket: WebSocket; frames: number; error: string | null }[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== socketPath) return;
    const entry = { socket, frames: 0, error: null as string | null };
    sockets.push(entry);
    socket.on('framereceived', () => (entry.frames += 1));
    socket.on('socketerror', (error) => (entry.error = error));
  });
  return sockets;
}

/** Opens a socket in the page by its URL and says whether it opened (or how it failed). */
function openInPage(page: Page, url: string) {
  return page.evaluate(
    (target) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(target);
        socket.onopen = () => {
          resolve('open');
          socket.close();
        };
        socket.onerror = () => resolve('refused');
        setTimeout(() => resolve('timeout'), 8000);
      }),
    url,
  );
}

test('after login the live view and the console get their data over the sockets', async ({
  page,
}) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  const live = watchSockets(page, '/livedata');
  await page.goto('./');
  await expect.poll(() => live.some((s) => s.frames > 0)).toBe(true);
  // The login rides in the URL twice: userinfo for a device's challenge, `auth` for ours.
  const url = new URL(live[0]!.socket.url());
  expect(url.searchParams.get('auth')).toBe(ADMIN_AUTHDATA);
  expect([url.username, url.password]).toEqual(['admin', PASSWORD]);
  await expect(page.locator('[data-notice="polling"]')).toHaveCount(0);

  const consoleSockets = watchSockets(page, '/console');
  await page.goto('info/console');
  await expect.poll(() => consoleSockets.some((s) => s.frames > 0)).toBe(true);
  expect(consoleSockets.every((s) => s.error === null)).toBe(true);
});

test.describe('the browser and the challenge', () => {
  // Chromium logs each refused socket.
  test.use({ allowedErrors: [/WebSocket connection to .* failed: HTTP Authentication failed/] });

  test("Chromium answers the gateway's Digest challenge from the socket URL's credentials", async ({
    page,
  }) => {
    // A public file of the gateway's origin: the interface's own sockets stay out of this.
    await page.goto('site.webmanifest');
    const host = new URL(page.url()).host;
    // No `auth` parameter: only a Digest answer can get these in.
    expect(await openInPage(page, `ws://admin:${PASSWORD}@${host}/livedata`)).toBe('open');
    expect(await openInPage(page, `ws://admin:${PASSWORD}@${host}/console`)).toBe('open');
    expect(await openInPage(page, `ws://admin:not-the-password@${host}/livedata`)).toBe('refused');
    expect(await openInPage(page, `ws://${host}/livedata`)).toBe('refused');
  });
});

test.describe('a wrong stored password', () => {
  test.use({
    // One pattern: a two-element array would read as a fixture tuple.
    allowedErrors: [
      /WebSocket connection to .* failed|Failed to load resource: the server responded with a status of 401/,
    ],
  });

  test('the socket is refused and the interface asks for the login', async ({ page }) => {
    await prepare(page, { authdata: Buffer.from('admin:Wrong-Pass-1').toString('base64') });
    const live = watchSockets(page, '/livedata');
    await page.goto('./');
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    // Each socket the page tried (with the wrong login, then without one) was refused.
    await expect
      .poll(() => live.length > 0 && live.every((s) => s.error !== null && s.frames === 0))
      .toBe(true);
    expect(live.map((s) => s.error)).toEqual(
      live.map(() => expect.stringMatching(/HTTP Authentication failed/)),
    );
    // The login asked for works, and with it the socket.
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => live.some((s) => s.frames > 0)).toBe(true);
  });
});
