import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test, type Theme } from '../fixtures/app-test.ts';

interface Screen {
  name: string;
  path: string;
  heading: string;
  loggedIn?: boolean;
  /** Brings the page into the state to check (a dialog or menu open). */
  act?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  { name: 'live', path: '', heading: 'Live Data' },
  { name: 'login', path: 'login', heading: 'Login' },
  {
    name: 'login-errors',
    path: 'login',
    heading: 'Login',
    act: (page) => page.getByRole('button', { name: 'Sign in' }).click(),
  },
  { name: 'about', path: 'about', heading: 'About HelioDTU' },
  { name: 'error', path: 'error?status=500&message=Something%20broke', heading: 'Oops' },
  { name: 'wait', path: 'wait', heading: 'Device restarting' },
  // A stand-in of the screens issue: title and frame only, but still a page of the shell.
  { name: 'placeholder', path: 'settings/ntp', heading: 'NTP Settings' },
  { name: 'reboot', path: 'maintenance/reboot', heading: 'Device Reboot', loggedIn: true },
  {
    name: 'reboot-dialog',
    path: 'maintenance/reboot',
    heading: 'Device Reboot',
    loggedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Restart the device' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'settings-menu',
    path: 'about',
    heading: 'About HelioDTU',
    act: async (page) => {
      const toggle = page.getByRole('button', { name: 'Show or hide the menu' });
      if ((page.viewportSize()?.width ?? 0) < 768) await toggle.click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('menu', { name: 'Settings' })).toBeVisible();
    },
  },
];

const WIDTHS = [1280, 360] as const;

for (const theme of ['light', 'dark'] as Theme[]) {
  test.describe(`${theme} theme`, () => {
    // The wait page's polls are held back so it stays; that shows as a failed request.
    test.use({ allowedErrors: [/net::ERR_FAILED/] });

    for (const screen of SCREENS) {
      test(`${screen.name}: no serious axe violation at phone and desktop width`, async ({
        page,
        checkA11y,
        snapshot,
      }) => {
        await prepare(page, { theme, ...(screen.loggedIn ? { authdata: ADMIN_AUTHDATA } : {}) });
        await page.route('**/api/system/status', (route) => route.abort());
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
          await screen.act?.(page);
          // Responsive down to 360 px phones: nothing wider than the viewport.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(width);
          await checkA11y(`${screen.name} ${theme} ${width}px`);
          await snapshot(`${screen.name}-${width}-${theme}`);
        }
      });
    }

    test('phone menu expanded', async ({ page, checkA11y, snapshot }) => {
      await prepare(page, { theme });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('about');
      await page.getByRole('button', { name: 'Show or hide the menu' }).click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('menu', { name: 'Settings' })).toBeVisible();
      await checkA11y(`phone menu ${theme}`);
      await snapshot(`phone-menu-360-${theme}`);
    });
  });
}
