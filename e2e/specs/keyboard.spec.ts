import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';

test('the skip link, menus and menu items work by keyboard', async ({ page }) => {
  // Logged in: the settings screen it ends on needs the login.
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const settings = page.getByRole('button', { name: 'Settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'Settings' });
  await expect(menu.getByRole('menuitem', { name: 'Network' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'NTP' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Device Reboot' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Network' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toHaveAttribute('aria-expanded', 'false');
  await expect(settings).toBeFocused();

  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Device Reboot' })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/ntp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'NTP Settings' })).toBeVisible();
});

test('theme and language menus choose by keyboard', async ({ page }) => {
  await page.goto('about');
  const theme = page.getByRole('button', { name: /^Colour theme/ });
  await theme.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Colour theme: Dark' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Language/ })).toBeFocused();
  await page.keyboard.press('Space');
  // The open menu takes the focus before the arrows move it (they would go to the button).
  await expect(page.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('the about accordion opens and moves by keyboard', async ({ page }) => {
  await page.goto('about');
  const documentation = page.getByRole('button', { name: 'Documentation' });
  const origin = page.getByRole('button', { name: 'Project origin' });
  await expect(documentation).toHaveAttribute('aria-expanded', 'true');
  await documentation.focus();
  await page.keyboard.press('ArrowDown');
  await expect(origin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(origin).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Project origin' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(origin).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: 'Discussion' })).toBeFocused();
});

test('the confirmation dialog traps focus, closes on Escape and returns focus', async ({
  page,
}) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('maintenance/reboot');
  const open = page.getByRole('button', { name: 'Restart the device' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Restart the device' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Restart', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Restart', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('login works by keyboard alone', async ({ page }) => {
  await page.goto('login');
  await page.getByLabel('User name').focus();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('openDTU42');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the phone menu toggles by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('about');
  const toggle = page.getByRole('button', { name: 'Show or hide the menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Live View' })).toBeVisible();
  await page.getByRole('link', { name: 'Live View' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
