import { once } from 'node:events';
import { mkdtemp, readFile, rename, rm, symlink } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test as appTest } from '../fixtures/app-test.ts';
import { E2E_WEB_DIST as WEB_DIST, startGateway } from '../fixtures/own-gateway.ts';
import { entryScript, makeSecondBuild } from '../fixtures/second-build.ts';

// Socket data for every inverter arrives within about 10 s (wire-contract §4.2).
const LIVE_TIMEOUT = 20_000;

interface SwappableGateway {
  url: string;
  /** Serves the first build (the one under test) or its rebuilt copy from now on. */
  serve(build: 'first' | 'second'): Promise<void>;
  /** The entry script each build's index.html loads. */
  entries: { first: string; second: string };
}

/**
 * A gateway of this file's own whose WEB_DIST is a symlink, switched between the build under
 * test and a rebuilt copy of it: a new build served while the page stays open.
 */
const test = appTest.extend<object, { swappable: SwappableGateway }>({
  swappable: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) => {
      const dir = await mkdtemp(path.join(process.env['E2E_TMP'] ?? tmpdir(), 'installable-'));
      const second = path.join(dir, 'second');
      await makeSecondBuild(WEB_DIST, second);
      const link = path.join(dir, 'web');
      const serve = async (build: 'first' | 'second') => {
        // A new link renamed over the old one: the gateway never sees a missing folder.
        await symlink(build === 'first' ? WEB_DIST : second, `${link}.next`);
        await rename(`${link}.next`, link);
      };
      await serve('first');
      const html = (file: string) => readFile(file, 'utf8');
      const gateway = await startGateway(link, path.join(dir, 'data'));
      try {
        const entries = {
          first: entryScript(await html(path.join(WEB_DIST, 'index.html'))),
          second: entryScript(await html(path.join(second, 'index.html'))),
        };
        await use({ url: gateway.url, serve, entries });
      } finally {
        await gateway.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

// The one spec that lets the service worker run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Waits until the worker is active, then reloads so it controls the page. */
async function underWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

const entryOfPage = (page: Page) => page.locator('script[type="module"][src]').getAttribute('src');

test.describe('installable shell', () => {
  test.describe.configure({ timeout: 60_000 });

  test('installable: manifest linked and valid, icons real, worker in control', async ({
    page,
  }) => {
    await page.goto('');
    await underWorker(page);

    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
      data?: string;
    };
    expect(manifest.url).toMatch(/\/site\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's browser contexts are incognito ones, where Chromium offers no install; any
    // other reason (manifest, icons, worker) fails here.
    expect(
      installability.installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito'),
    ).toEqual([]);

    const data = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(data).toMatchObject({ name: 'HelioDTU', short_name: 'HelioDTU', display: 'standalone' });
    expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of data.icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.headers()['content-type']).toBe('image/png');
      const png = await answer.body();
      // PNG width and height from the IHDR chunk.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }

    // The worker and the manifest are never reused unchecked: a new build is found at once.
    for (const file of ['sw.js', 'site.webmanifest']) {
      expect((await page.request.get(file)).headers()['cache-control']).toBe('no-cache');
    }
  });

  test('the worker keeps its hands off the API, the sockets and /zones.json', async ({ page }) => {
    await page.goto('');
    await underWorker(page);
    const answers = new Map<string, boolean>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      answers.set(pathname, response.fromServiceWorker());
    });
    await page.reload();
    await expect(page.getByText('Garage roof').first()).toBeVisible({ timeout: LIVE_TIMEOUT });
    await page.evaluate(() => fetch('zones.json').then((answer) => answer.text()));
    expect(answers.get('/')).toBe(true);
    // The live data comes in the page the gateway rendered (issue 26); the language list is asked.
    expect(answers.get('/api/i18n/languages')).toBe(false);
    expect(answers.get('/zones.json')).toBe(false);
  });
});

test.describe('offline', () => {
  test.use({
    // A tuple, since an array of its own would read as [value, options].
    allowedErrors: [
      [/net::ERR_INTERNET_DISCONNECTED/, /WebSocket connection to .* failed/],
      { scope: 'test' },
    ],
  });

  test('an offline reload opens the shell with the notice and the last snapshot, then reconnects', async ({
    page,
    context,
    checkA11y,
  }) => {
    await page.goto('');
    await underWorker(page);
    await expect(page.getByText('Garage roof').first()).toBeVisible({ timeout: LIVE_TIMEOUT });
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('liveSnapshot')))
      .toContain('Garage roof');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Live Data' })).toBeVisible();
    const unreachable = page.locator('[data-notice="unreachable"]');
    await expect(unreachable).toHaveText(
      /^The gateway cannot be reached \(no answer since \d\d:\d\d:\d\d\)\. The page keeps trying/,
    );
    await expect(page.locator('[data-notice="snapshot"]')).toHaveText(
      /^Shown: the last data received, from .+ \((now|\d+ seconds? ago|1 minute ago)\)\.$/,
    );
    await expect(page.getByText('Garage roof').first()).toBeVisible();
    await checkA11y('offline shell');

    await context.setOffline(false);
    await expect(unreachable).toBeHidden({ timeout: LIVE_TIMEOUT });
    await expect(page.locator('[data-notice="snapshot"]')).toBeHidden({ timeout: LIVE_TIMEOUT });
    await expect(page.getByRole('img', { name: 'Live connection open' })).toBeVisible({
      timeout: LIVE_TIMEOUT,
    });
  });
});

/**
 * Marks <html> with `data-<name>` once `when` holds in the page: whether `also` held at that
 * moment. What the user sees at one instant, without timing anything.
 */
function markWhen({ name, when, also }: { name: string; when: string; also: string[] }) {
  const key = name.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
  new MutationObserver((_, observer) => {
    if (!document.querySelector(when)) return;
    observer.disconnect();
    document.documentElement.dataset[key] = String(also.every((s) => document.querySelector(s)));
  }).observe(document, { subtree: true, childList: true });
}

const LIVE_NOTICE = '[data-notice="no-answer"]';
const SHELL_NOTICE = '[data-notice="unreachable"]';

test.describe('the gateway away', () => {
  test.describe.configure({ timeout: 60_000 });
  test.use({
    allowedErrors: [
      [/net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE)/, /WebSocket connection to .* failed/],
      { scope: 'test' },
    ],
  });

  test('the live view and the shell say together that the gateway is away, at once after a reload', async ({
    page,
  }) => {
    const dir = await mkdtemp(path.join(process.env['E2E_TMP'] ?? tmpdir(), 'away-'));
    const gateway = await startGateway(WEB_DIST, path.join(dir, 'data'));
    let running = true;
    const held: Socket[] = [];
    // Takes connections and never answers: the gateway out of reach, as from a phone elsewhere.
    const silent = createServer((socket) => held.push(socket));
    try {
      await page.goto(gateway.url);
      await underWorker(page);
      await expect(page.getByRole('img', { name: 'Live connection open' })).toBeVisible({
        timeout: LIVE_TIMEOUT,
      });
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('liveSnapshot')))
        .toContain('Garage roof');

      // Issue 23 item 11: one source, so whichever notice comes first finds the other there.
      await page.evaluate(markWhen, {
        name: 'both-notices',
        when: `${LIVE_NOTICE}, ${SHELL_NOTICE}`,
        also: [LIVE_NOTICE, SHELL_NOTICE],
      });
      await gateway.stop();
      running = false;
      await expect(page.locator('html')).toHaveAttribute('data-both-notices', 'true', {
        timeout: LIVE_TIMEOUT,
      });

      // Item 3: the page served by the worker's fallback says so with the first snapshot drawn.
      silent.listen(Number(new URL(gateway.url).port), '127.0.0.1');
      await once(silent, 'listening');
      await page.addInitScript(markWhen, {
        name: 'away-with-snapshot',
        when: '[data-notice="snapshot"]',
        also: [LIVE_NOTICE],
      });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-away-with-snapshot', 'true');
      await expect(page.locator(LIVE_NOTICE)).toHaveText(/^The gateway cannot be reached\./);
      await expect(page.locator(SHELL_NOTICE)).toHaveText(
        /^The gateway cannot be reached \(no answer since/,
      );
      await expect(page.getByText('Garage roof').first()).toBeVisible();
    } finally {
      silent.close();
      for (const socket of held) socket.destroy();
      if (running) await gateway.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

test.describe('a new build on the gateway', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });
  test.use({
    baseURL: async ({ swappable }, use) => use(swappable.url),
    allowedErrors: [
      [
        /net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET)/,
        /WebSocket connection to .* failed/,
      ],
      { scope: 'test' },
    ],
  });
  test.beforeEach(async ({ swappable }) => swappable.serve('first'));

  test('the open page offers the new version and reloads into it', async ({
    page,
    context,
    swappable,
    checkA11y,
  }) => {
    await page.goto('');
    await underWorker(page);
    expect(await entryOfPage(page)).toBe(swappable.entries.first);
    await expect(page.locator('[data-notice="update"]')).toHaveCount(0);

    await swappable.serve('second');
    // The page asks again when the browser is back online (and every minute, and on return).
    await context.setOffline(true);
    await context.setOffline(false);
    const prompt = page.locator('[data-notice="update"]');
    await expect(prompt).toHaveText(/The gateway now serves a new version of this interface\./);
    await checkA11y('update prompt');
    await prompt.getByRole('button', { name: 'Reload' }).click();

    await expect.poll(() => entryOfPage(page)).toBe(swappable.entries.second);
    await expect(page.getByRole('heading', { level: 1, name: 'Live Data' })).toBeVisible();
    await expect(page.getByText('Garage roof').first()).toBeVisible({ timeout: LIVE_TIMEOUT });
    await expect(page.locator('[data-notice="update"]')).toHaveCount(0);
  });

  test('the wait page after a reboot ends on the new version', async ({ page, swappable }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
    await page.goto('maintenance/reboot');
    await underWorker(page);
    expect(await entryOfPage(page)).toBe(swappable.entries.first);

    await swappable.serve('second');
    await page.getByRole('button', { name: 'Restart the device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart the device' });
    await dialog.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect(page).toHaveURL(/\/wait\?for=reboot$/);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Live Data' })).toBeVisible();
    expect(await entryOfPage(page)).toBe(swappable.entries.second);
  });
});
