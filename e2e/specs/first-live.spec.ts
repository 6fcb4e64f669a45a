import type { Page, Request } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { AUTH, writeAreaConfig } from '../fixtures/config-api.ts';
import { test } from '../fixtures/own-gateway.ts';

// Issue 13, live data sooner: what the built index.html starts before the JS chain, checked by
// request order in Chromium. allow_readonly is switched off here, so the file runs on a gateway
// of its own, one test at a time, and puts the setting back after each test.
test.describe.configure({ mode: 'serial' });

const OPEN = { password: 'openDTU42', allow_readonly: true };
const isApi = (request: Request, path: string) => new URL(request.url()).pathname.endsWith(path);
const isAsset = (request: Request, name: string) =>
  new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`).test(new URL(request.url()).pathname);

/** Every request of the page, in the order Chromium started them. */
function recordRequests(page: Page): Request[] {
  const started: Request[] = [];
  page.on('request', (request) => started.push(request));
  return started;
}

const position = (started: Request[], match: (r: Request) => boolean, label: string) => {
  const index = started.findIndex(match);
  expect(index, `${label} was requested`).toBeGreaterThanOrEqual(0);
  return index;
};

/** Live data on screen: a tab with the first inverter's name, as the gateway lists it. */
async function expectLiveData(page: Page) {
  const answer = await page.request.get('api/livedata/status', { headers: AUTH });
  const { inverters } = (await answer.json()) as { inverters: { name: string }[] };
  const name = inverters[0]!.name;
  await expect(page.getByRole('tab', { name: new RegExp(name) })).toBeVisible();
}

test.afterEach(async ({ page }) => {
  await writeAreaConfig(page.request, 'security', OPEN);
});

for (const locale of ['en-US', 'de-DE']) {
  test.describe(`browser language ${locale}`, () => {
    test.use({ locale });

    test('live data comes in the HTML; the entry with its modules and the catalogue start before /api/i18n/languages', async ({
      page,
    }) => {
      const started = recordRequests(page);
      // The rendered page shows its live data before the entry runs; the list is asked after.
      const languagesAsked = page.waitForRequest((r) => isApi(r, '/api/i18n/languages'));
      await page.goto('./');
      await expectLiveData(page);
      await languagesAsked;
      const heading = locale === 'de-DE' ? 'Live-Daten' : 'Live Data';
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

      const languages = position(started, (r) => isApi(r, '/api/i18n/languages'), 'languages');
      // The live view is part of the entry; the entry and every module index.html preloads.
      const html = await (await page.request.get('./')).text();
      const scripts = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map(
        (m) => m[1]!,
      );
      expect(scripts.length).toBeGreaterThan(1);
      const before = [
        ...scripts.map((file) => position(started, (r) => r.url().endsWith(file), file)),
        ...(locale === 'de-DE'
          ? [position(started, (r) => isAsset(r, 'de-core'), 'de first-screen texts')]
          : []),
      ];
      for (const index of before) expect(index).toBeLessThan(languages);
      // Read-only access is on: the gateway rendered the live data into the page (issue 26), so
      // neither the start script nor the live view asks for the list.
      expect(html).toContain('data-live-rendered');
      expect(started.filter((r) => isApi(r, '/api/livedata/status'))).toHaveLength(0);
    });
  });
}

test('with read-only access off, the early live request carries the stored login', async ({
  page,
}) => {
  await writeAreaConfig(page.request, 'security', { ...OPEN, allow_readonly: false });
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  const started = recordRequests(page);
  const refused: string[] = [];
  page.on('response', (r) => r.status() === 401 && refused.push(r.url()));
  await page.goto('./');
  await expectLiveData(page);
  const live = started.filter((r) => isApi(r, '/api/livedata/status'));
  expect(live).toHaveLength(1);
  expect(await live[0]!.headerValue('authorization')).toBe(`Basic ${ADMIN_AUTHDATA}`);
  // Started by index.html, before the entry module ran (it asks for the language list first).
  const languages = position(started, (r) => isApi(r, '/api/i18n/languages'), 'languages');
  expect(started.indexOf(live[0]!)).toBeLessThan(languages);
  expect(refused).toEqual([]);
});

test('with read-only access off and no login, nothing is asked before the login', async ({
  page,
}) => {
  await writeAreaConfig(page.request, 'security', { ...OPEN, allow_readonly: false });
  const started = recordRequests(page);
  const refused: string[] = [];
  page.on('response', (r) => r.status() === 401 && refused.push(r.url()));
  await page.goto('./');
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The language list is open to everyone; nothing else of the API is asked.
  const asked = started.map((r) => new URL(r.url()).pathname).filter((p) => p.includes('/api/'));
  expect(asked.filter((p) => !p.startsWith('/api/i18n/'))).toEqual([]);
  expect(refused).toEqual([]);

  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill('openDTU42');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectLiveData(page);
  const live = started.filter((r) => isApi(r, '/api/livedata/status'));
  expect(await live[0]!.headerValue('authorization')).toBe(`Basic ${ADMIN_AUTHDATA}`);
  expect(refused).toEqual([]);
});
