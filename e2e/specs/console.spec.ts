import { readFile } from 'node:fs/promises';
import type { NetworkConfig } from '@heliodtu/contract/network';
import type { Locator, Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';

const ADMIN = { Authorization: `Basic ${ADMIN_AUTHDATA}` };

/** The lines the console panel shows, top to bottom. */
const shownLines = (output: Locator) => output.locator(':scope > div').allTextContents();

/** "Lines shown: N of M" as [N, M]. */
async function lineCount(page: Page): Promise<[number, number]> {
  const text = (await page.getByTestId('console-count').textContent()) ?? '';
  const match = /(\d+) of (\d+)/.exec(text);
  if (!match) throw new Error(`no line count in "${text}"`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * Clicks Clear and checks the text shown before is gone. Other specs share the gateway, so a
 * new line may arrive right after the click: "empty" means none of the earlier lines remain.
 */
async function clearAndCheck(page: Page, output: Locator) {
  const before = (await shownLines(output)).filter((line) => line !== '');
  expect(before.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect
    .poll(async () => {
      const now = new Set(await shownLines(output));
      return before.filter((line) => now.has(line));
    })
    .toEqual([]);
}

test.describe('console', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeEach(async ({ page }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
  });

  test('shows live lines, Clear empties it, Copy puts the text on the clipboard', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('info/console');
    const output = page.getByRole('log', { name: 'Console output' });
    // 24 lines high (spec §9): the panel fits 24 of its own line heights, give or take padding.
    const heightInLines = await output.evaluate((el) => {
      const style = getComputedStyle(el);
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      return (el.clientHeight - padding) / parseFloat(style.lineHeight);
    });
    expect(Math.round(heightInLines)).toBe(24);
    await expect(page.getByRole('img', { name: 'Live connection open' })).toBeVisible();
    await checkA11y('console');

    // A settings save writes a line to the gateway's log (the same config, so nothing changes).
    await expect(output.locator(':scope > div').first()).toBeVisible();
    await clearAndCheck(page, output);
    const config = (await (
      await page.request.get('api/network/config', { headers: ADMIN })
    ).json()) as NetworkConfig;
    const saved = await page.request.post('api/network/config', {
      headers: ADMIN,
      multipart: { data: JSON.stringify(config) },
    });
    expect(await saved.json()).toMatchObject({ type: 'success' });
    await expect(output).toContainText(/\d\d:\d\d:\d\d\.\d{3} > Network settings saved/);

    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await expect(page.getByRole('status')).toHaveText('Copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // Lines may arrive after the click: what was copied is the text shown then, so a prefix of now.
    expect(copied).toContain('Network settings saved');
    expect((await shownLines(output)).join('\n').startsWith(copied)).toBe(true);

    await clearAndCheck(page, output);
  });

  test('scrolling up pauses the auto scroll visibly; the switch resumes it', async ({ page }) => {
    await page.goto('info/console');
    const output = page.getByRole('log', { name: 'Console output' });
    const follow = page.getByRole('switch', { name: 'Follow new output' });
    await expect(follow).toBeChecked();
    // Enough text to scroll: the gateway's backlog plus a few saves.
    const config = await (await page.request.get('api/network/config', { headers: ADMIN })).text();
    for (let i = 0; i < 30; i++) {
      await page.request.post('api/network/config', {
        headers: ADMIN,
        multipart: { data: config },
      });
    }
    await expect
      .poll(() => output.evaluate((el) => el.scrollHeight > el.clientHeight + 50))
      .toBe(true);
    await expect
      .poll(() => output.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(10);

    await output.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(follow).not.toBeChecked();
    await expect(page.getByRole('status')).toContainText('Paused while you scroll back');

    await follow.check();
    await expect(page.getByRole('status')).toHaveText('');
    await expect
      .poll(() => output.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(10);
  });

  test('search narrows the lines and counts them; Download saves what is shown', async ({
    page,
  }) => {
    await page.goto('info/console');
    const output = page.getByRole('log', { name: 'Console output' });
    await expect(page.getByRole('img', { name: 'Live connection open' })).toBeVisible();
    const config = await (await page.request.get('api/network/config', { headers: ADMIN })).text();
    for (let i = 0; i < 3; i++) {
      await page.request.post('api/network/config', {
        headers: ADMIN,
        multipart: { data: config },
      });
    }
    await expect.poll(async () => (await lineCount(page))[1]).toBeGreaterThanOrEqual(3);

    await page.getByRole('searchbox', { name: 'Search' }).fill('network SETTINGS saved');
    await expect.poll(async () => (await shownLines(output)).length).toBeGreaterThanOrEqual(3);
    const shown = await shownLines(output);
    expect(shown.every((line) => /Network settings saved/.test(line))).toBe(true);
    await expect(output.locator('mark').first()).toHaveText('Network settings saved');
    const [matching, total] = await lineCount(page);
    expect(matching).toBeGreaterThanOrEqual(shown.length);
    // The gateway's backlog has other lines too (boot, inverters): the search hid them.
    expect(total).toBeGreaterThan(matching);

    // This gateway's lines (v24 style) carry no level letter: a level filter leaves them all.
    for (const level of ['E Errors', 'W Warnings', 'I Information', 'D Debug', 'V Verbose']) {
      // From the keyboard: the toggle's input is visually hidden behind its button-like label.
      const toggle = page.getByRole('checkbox', { name: level });
      await toggle.press('Space');
      await expect(toggle).not.toBeChecked();
    }
    expect((await lineCount(page))[0]).toBeGreaterThanOrEqual(matching);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^console-\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.txt$/);
    const saved = await readFile(await download.path(), 'utf8');
    const savedLines = saved.trimEnd().split('\n');
    expect(savedLines.length).toBeGreaterThanOrEqual(3);
    expect(savedLines.every((line) => /> Network settings saved/.test(line))).toBe(true);
    // Lines may arrive after the click: what was saved is what was shown then, a prefix of now.
    expect((await shownLines(output)).join('\n').startsWith(savedLines.join('\n'))).toBe(true);
  });
});
