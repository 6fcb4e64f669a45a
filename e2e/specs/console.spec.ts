import type { NetworkConfig } from '@heliodtu/contract/network';
import type { Locator, Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';

const ADMIN = { Authorization: `Basic ${ADMIN_AUTHDATA}` };

/**
 * Clicks Clear and checks the text shown before is gone. Other specs share the gateway, so a
 * new line may arrive right after the click: "empty" means none of the earlier lines remain.
 */
async function clearAndCheck(page: Page, output: Locator) {
  const before = (await output.inputValue()).split('\n').filter((line) => line !== '');
  expect(before.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect
    .poll(async () => {
      const now = new Set((await output.inputValue()).split('\n'));
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
    const output = page.getByRole('textbox', { name: 'Console output' });
    await expect(output).toHaveAttribute('rows', '24');
    await expect(output).toHaveAttribute('readonly');
    await expect(page.getByRole('img', { name: 'Live connection open' })).toBeVisible();
    await checkA11y('console');

    // A settings save writes a line to the gateway's log (the same config, so nothing changes).
    await expect(output).not.toHaveValue('');
    await clearAndCheck(page, output);
    const config = (await (
      await page.request.get('api/network/config', { headers: ADMIN })
    ).json()) as NetworkConfig;
    const saved = await page.request.post('api/network/config', {
      headers: ADMIN,
      multipart: { data: JSON.stringify(config) },
    });
    expect(await saved.json()).toMatchObject({ type: 'success' });
    await expect(output).toHaveValue(/\d\d:\d\d:\d\d\.\d{3} > Network settings saved/);

    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await expect(page.getByRole('status')).toHaveText('Copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // Lines may arrive after the click: what was copied is the text shown then, so a prefix of now.
    expect(copied).toContain('Network settings saved');
    expect((await output.inputValue()).startsWith(copied)).toBe(true);

    await clearAndCheck(page, output);
  });

  test('scrolling up pauses the auto scroll visibly; the switch resumes it', async ({ page }) => {
    await page.goto('info/console');
    const output = page.getByRole('textbox', { name: 'Console output' });
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
});
