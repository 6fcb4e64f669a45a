import { expect, test } from '../fixtures/app-test.ts';

test('the theme persists across reloads, and auto follows the system live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('about');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-bs-theme', 'light');

  await page.getByRole('button', { name: /^Colour theme/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Colour theme: Dark' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.getByRole('button', { name: /^Colour theme/ }).click();
  await page.getByRole('menuitemradio', { name: 'Auto' }).click();
  await expect(html).toHaveAttribute('data-bs-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-bs-theme', 'light');
});

test('the language persists across reloads', async ({ page }) => {
  await page.goto('about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Über HelioDTU' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Über HelioDTU' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('de');

  await page.getByRole('button', { name: /^Sprache/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'À propos de HelioDTU' })).toBeVisible();
});

test.describe('a browser in German', () => {
  test.use({ locale: 'de-DE' });

  test('starts in German without a stored choice', async ({ page }) => {
    await page.goto('');
    await expect(page.getByRole('link', { name: 'Live-Ansicht' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBeNull();
  });
});
