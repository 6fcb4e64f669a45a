import type { Page, Request } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';

// Issue 26: the gateway renders the live page with React from its live data, the browser
// hydrates it. Read-only access is on (the shared gateway's default), so `/` comes rendered.

interface LiveInverter {
  serial: string;
  name: string;
}

const isLiveStatus = (request: Request) =>
  new URL(request.url()).pathname.endsWith('/api/livedata/status');

/** Playwright's own note where the config blocks the service worker. */
const WORKER_BLOCKED = /^Service Worker registration blocked by Playwright/;

/** Every console message above info level and every page error, as text. */
function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    const above = message.type() === 'error' || message.type() === 'warning';
    if (above && !WORKER_BLOCKED.test(message.text())) {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  return messages;
}

/** The hydrated page opened its socket: the online dot turns on (it is off in the HTML). */
async function expectHydrated(page: Page) {
  await expect(page.locator('[data-online]').first()).toHaveAttribute('data-online', 'true');
}

for (const [locale, heading] of [
  ['en-US', 'Live Data'],
  ['de-DE', 'Live-Daten'],
] as const) {
  test.describe(`browser language ${locale}`, () => {
    test.use({ locale });

    test('the HTML carries the live data, and the page hydrates it without a warning or a second status request', async ({
      page,
    }) => {
      const started: Request[] = [];
      page.on('request', (request) => started.push(request));
      const messages = recordConsole(page);
      const response = await page.goto('./');
      const html = (await response!.text()) as string;
      expect(html).toContain(`<h1 class="h3 mb-0">${heading}</h1>`);
      expect(html).toMatch(/data-testid="tile-power">[\d.,\s]+W</);

      await expectHydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The language list and the socket have run: hydration and the effects after it are done.
      await expect
        .poll(() => started.some((r) => r.url().includes('/api/i18n/languages')))
        .toBe(true);
      expect(started.filter(isLiveStatus).map((r) => r.url())).toEqual([]);
      expect(messages).toEqual([]);
      // Said only where scripts do not run.
      await expect(page.locator('.live-needs-js')).toBeHidden();
    });
  });
}

test('the socket updates the server-rendered figures, and a tab click works after hydration', async ({
  page,
  request,
}) => {
  const status = (await (await request.get('api/livedata/status')).json()) as {
    inverters: LiveInverter[];
  };
  const messages = recordConsole(page);
  await page.goto('./');
  const ages = page.getByTestId('overview').getByText(/^Age:/);
  const renderedAges = await ages.allTextContents();
  expect(renderedAges.length).toBe(status.inverters.length);
  await expectHydrated(page);

  // The socket's messages replace what the HTML showed: every tile's age is that of a newer packet
  // or counts on; at least one changes within a few seconds.
  await expect
    .poll(async () => (await ages.allTextContents()).join('|'), { timeout: 15_000 })
    .not.toBe(renderedAges.join('|'));

  const second = status.inverters[1]!;
  await page.getByRole('tab', { name: new RegExp(second.name) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(second.name) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel').getByText(second.serial)).toBeVisible();

  // Reloaded, the page is rendered on the overview and the remembered tab follows once hydrated.
  await page.reload();
  await expectHydrated(page);
  await expect(page.getByRole('tab', { name: new RegExp(second.name) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(messages).toEqual([]);
});

/** Holds every script of the page until `ms` after this call: a slow link's late JavaScript. */
/**
 * Holds every script back until the returned function is called, so a click lands on the HTML
 * alone however slow the machine is (a fixed delay can end before a busy browser clicks).
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

const hydratedMarks = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('heliodtu-hydrated').length);

test('a tab clicked before the script arrives is selected once the page is hydrated', async ({
  page,
  request,
}) => {
  const status = (await (await request.get('api/livedata/status')).json()) as {
    inverters: LiveInverter[];
  };
  const second = status.inverters[1]!;
  const messages = recordConsole(page);
  const releaseScripts = await holdScripts(page);
  // Not until load: the page's scripts are what is held back.
  await page.goto('./', { waitUntil: 'commit' });
  const tab = page.getByRole('tab', { name: new RegExp(second.name) });
  await tab.click();
  // The click met the HTML alone: nothing acted on it yet.
  expect(await hydratedMarks(page)).toBe(0);
  await expect(tab).toHaveAttribute('aria-selected', 'false');
  releaseScripts();

  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByText(second.serial)).toBeVisible();
  expect(await hydratedMarks(page)).toBe(1);
  expect(messages).toEqual([]);
});

test('the Settings menu clicked before the script arrives opens once the page is hydrated', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('./', { waitUntil: 'commit' });
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Settings' }).click();
  expect(await hydratedMarks(page)).toBe(0);
  releaseScripts();
  await expect(page.getByRole('menu', { name: 'Settings' })).toBeVisible();
  // A pointer click opens the menu without moving the focus into it (Enter would).
  await expect(page.getByRole('menuitem', { name: 'Network' })).not.toBeFocused();
});

test('a logged-in visitor gets the rendered page, then the nav says logged in', async ({
  page,
}) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  const messages = recordConsole(page);
  const response = await page.goto('./');
  // The gateway cannot see the browser's login: the HTML is the same for everyone.
  expect(await response!.text()).toContain('>Login</a>');
  await expectHydrated(page);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(messages).toEqual([]);
});

test('a first visit shows the page styled and painted while the stylesheet file is still on its way, the next links it', async ({
  page,
}) => {
  // The linked stylesheet held back, as on a weak link: the page must not wait for it.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.css(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  try {
    const response = await page.goto('./', { waitUntil: 'commit' });
    const html = (await response!.text()) as string;
    expect(html).toContain('<style>');
    const power = page.getByTestId('overview').getByTestId('tile-power').first();
    await expect(power).toHaveText(/\d\s?W$/);
    // Styled: the reboot's body margin and the app's rules (the JavaScript note hidden).
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).margin))
      .toBe('0px');
    await expect(page.locator('.live-needs-js')).toBeHidden();
    // And on screen: a page held by a pending stylesheet paints nothing.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
      )
      .toBe(1);
  } finally {
    release();
  }
  // Once the prefetched file is in, the cookie says so and the next visit links it as built.
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
    .toContain('heliodtu-css');
  const again = await (await page.reload())!.text();
  expect(again).toMatch(/<link rel="stylesheet"[^>]*href="\.\/assets\/index-[\w-]+\.css">/);
  expect(again).not.toContain('<style>');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows every inverter with its power, the data age and that live updates need JavaScript', async ({
    page,
    request,
  }) => {
    const status = (await (await request.get('api/livedata/status')).json()) as {
      inverters: LiveInverter[];
    };
    await page.goto('./');
    const overview = page.getByTestId('overview');
    for (const inverter of status.inverters) {
      await expect(
        overview.getByRole('button', { name: inverter.name, exact: true }),
      ).toBeVisible();
    }
    await expect(overview.getByTestId('tile-power')).toHaveCount(status.inverters.length);
    for (const power of await overview.getByTestId('tile-power').allTextContents()) {
      expect(power).toMatch(/^[\d.,]+\s?W$/);
    }
    await expect(page.getByTestId('total-Power')).toHaveText(/\d\s?W$/);
    await expect(overview.getByText(/^Age: \d+ seconds?$/).first()).toBeVisible();
    await expect(page.getByText('Live updates need JavaScript', { exact: false })).toBeVisible();
  });
});
