import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, PHONE, prepare, test, type Theme } from '../fixtures/app-test.ts';

interface Screen {
  name: string;
  path: string;
  heading: string;
  loggedIn?: boolean;
  /** Holds back /api/system/status, so the wait page keeps waiting. */
  holdStatus?: boolean;
  /** Brings the page into the state to check (a dialog or menu open). */
  act?: (page: Page) => Promise<void>;
}

// Settings pages show their heading before the config arrives; check the loaded form.
async function formLoaded(page: Page) {
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
}

// Pages without one form: every part has loaded once no spinner is left in the content.
async function spinnersGone(page: Page) {
  await expect(page.locator('main .spinner-border')).toHaveCount(0);
}

async function openDeviceTab(page: Page, name: string) {
  await formLoaded(page);
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tabpanel', { name })).toBeVisible();
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
  { name: 'wait', path: 'wait', heading: 'Device restarting', holdStatus: true },
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
    name: 'settings-network',
    path: 'settings/network',
    heading: 'Network Settings',
    loggedIn: true,
    act: formLoaded,
  },
  {
    name: 'settings-ntp',
    path: 'settings/ntp',
    heading: 'NTP Settings',
    loggedIn: true,
    act: formLoaded,
  },
  {
    name: 'settings-inverter',
    path: 'settings/inverter',
    heading: 'Inverter Settings',
    loggedIn: true,
    act: spinnersGone,
  },
  {
    name: 'settings-config',
    path: 'settings/config',
    heading: 'Config Management',
    loggedIn: true,
    act: spinnersGone,
  },
  {
    name: 'settings-security',
    path: 'settings/security',
    heading: 'Security Settings',
    loggedIn: true,
    act: formLoaded,
  },
  {
    name: 'settings-mqtt',
    path: 'settings/mqtt',
    heading: 'MQTT Settings',
    loggedIn: true,
    act: formLoaded,
  },
  {
    name: 'settings-dtu',
    path: 'settings/dtu',
    heading: 'DTU Settings',
    loggedIn: true,
    act: formLoaded,
  },
  {
    name: 'settings-device-pins',
    path: 'settings/device',
    heading: 'Device Manager',
    loggedIn: true,
    act: async (page) => {
      await formLoaded(page);
      // The pin tables wait for pin_mapping.json as well.
      await expect(page.getByRole('table', { name: /^NRF24/ })).toBeVisible();
    },
  },
  {
    name: 'settings-device-display',
    path: 'settings/device',
    heading: 'Device Manager',
    loggedIn: true,
    act: (page) => openDeviceTab(page, 'Display'),
  },
  {
    name: 'settings-device-leds',
    path: 'settings/device',
    heading: 'Device Manager',
    loggedIn: true,
    act: (page) => openDeviceTab(page, 'LEDs'),
  },
  { name: 'info-system', path: 'info/system', heading: 'System Info', act: spinnersGone },
  { name: 'info-network', path: 'info/network', heading: 'Network Info', act: spinnersGone },
  { name: 'info-ntp', path: 'info/ntp', heading: 'NTP Info', act: spinnersGone },
  { name: 'info-mqtt', path: 'info/mqtt', heading: 'MQTT Info', act: spinnersGone },
  {
    name: 'console',
    path: 'info/console',
    heading: 'Console',
    loggedIn: true,
    act: (page) => expect(page.getByRole('img', { name: 'Live connection open' })).toBeVisible(),
  },
  {
    name: 'history',
    path: 'history',
    heading: 'Energy history',
    act: async (page) => {
      await spinnersGone(page);
      await expect(page.locator('.history-chart canvas')).toBeVisible();
    },
  },
  {
    name: 'firmware',
    path: 'firmware/upgrade',
    heading: 'Firmware Upgrade',
    loggedIn: true,
    act: spinnersGone,
  },
  {
    name: 'settings-inverter-edit',
    path: 'settings/inverter',
    heading: 'Inverter Settings',
    loggedIn: true,
    act: async (page) => {
      await spinnersGone(page);
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('tab', { name: 'Strings' })).toBeVisible();
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

const DESKTOP = { width: 1280, height: 800 } as const;

for (const theme of ['light', 'dark'] as Theme[]) {
  test.describe(`${theme} theme`, () => {
    // The wait page's polls are held back so it stays; that shows as a failed request.
    test.use({ allowedErrors: [/net::ERR_FAILED/] });

    for (const screen of SCREENS) {
      // One load per screen and theme: checkA11y looks at desktop and 360 px phone width.
      test(`${screen.name}: no serious axe violation at phone and desktop width`, async ({
        page,
        checkA11y,
        snapshot,
      }) => {
        await prepare(page, { theme, ...(screen.loggedIn ? { authdata: ADMIN_AUTHDATA } : {}) });
        if (screen.holdStatus) await page.route('**/api/system/status', (route) => route.abort());
        await page.setViewportSize(DESKTOP);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await screen.act?.(page);
        await checkA11y(`${screen.name} ${theme}`);
        await snapshot(`${screen.name}-${DESKTOP.width}-${theme}`);
        await page.setViewportSize(PHONE);
        await snapshot(`${screen.name}-${PHONE.width}-${theme}`);
      });
    }

    test('phone menu expanded', async ({ page, checkA11y, snapshot }) => {
      await prepare(page, { theme });
      await page.setViewportSize(PHONE);
      await page.goto('about');
      await page.getByRole('button', { name: 'Show or hide the menu' }).click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('menu', { name: 'Settings' })).toBeVisible();
      await checkA11y(`phone menu ${theme}`);
      await snapshot(`phone-menu-360-${theme}`);
    });
  });
}
