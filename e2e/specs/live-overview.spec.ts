import type { Page } from '@playwright/test';
import {
  ADMIN_AUTHDATA,
  expect,
  prepare,
  test as appTest,
  type Theme,
} from '../fixtures/app-test.ts';
import { withOwnGateway } from '../fixtures/own-gateway.ts';

// Issue 15 against the real gateway: the fleet overview, the weak-string flag on a string the
// simulator shades, and a limit from request to confirmation. The gateway is this file's own, so
// the fault and the fast clock (a simulated minute per second) touch no other spec.

const BALCONY = '114182352592';
const FLEET = [
  { name: 'Balcony', strings: ['Balcony left', 'Balcony right'] },
  { name: 'Garage roof', strings: ['East 1', 'East 2', 'West 1', 'West 2'] },
  {
    name: 'Barn',
    strings: ['South 1', 'South 2', 'South 3', 'South 4', 'Dormer east', 'Dormer west'],
  },
] as const;
const SIM_SPEED = 60;

const test = appTest.extend<object, { shadeGateway: string }>({
  shadeGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) =>
      withOwnGateway(
        'shade-',
        {
          SIM_START: '2025-06-21T11:00:00',
          SIM_SPEED: String(SIM_SPEED),
          // The balcony's second string gets 30 % of its light.
          SIM_FAULTS: `shade:${BALCONY}:2`,
        },
        use,
      ),
    { scope: 'worker', timeout: 70_000 },
  ],
  baseURL: async ({ shadeGateway }, use) => use(shadeGateway),
});

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const tile = (page: Page, name: string) => page.getByRole('article', { name });

test('the overview shows every inverter and string, and flags the shaded string', async ({
  page,
  checkA11y,
  snapshot,
}) => {
  await page.goto('');
  const overview = page.getByRole('tab', { name: 'Overview' });
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  for (const { name, strings } of FLEET) {
    const card = tile(page, name);
    // A tile off screen keeps its figures until it is back (issue 26): look at each on screen.
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await expect(card.getByRole('rowheader')).toHaveText([...strings]);
  }
  // At a simulated minute per second the 30 minutes below 70 % pass in about half a minute.
  const balcony = tile(page, 'Balcony');
  const shaded = balcony.getByRole('row', { name: /Balcony right/ });
  await expect(shaded.getByRole('button', { name: 'Weak string' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(balcony.getByRole('row', { name: /Balcony left/ }).getByRole('button')).toHaveCount(
    0,
  );
  await shaded.getByRole('button', { name: 'Weak string' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText(
    /Balcony right delivers only \d+ % of what the other strings .* since \d\d:\d\d/,
  );
  for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
    await checkA11y(`overview ${theme}`);
    await snapshot(`live-overview-${theme}`);
  }
  // A click on a name opens that inverter's tab, and the choice is remembered.
  await balcony.getByRole('button', { name: 'Balcony' }).click();
  await expect(page.getByRole('tab', { name: /^Balcony/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Balcony/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('a limit set in the dialog shows as requested, then confirmed', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('');
  await page.getByRole('tab', { name: /^Barn/ }).click();
  const panel = page.getByRole('tabpanel');
  const header = panel.getByTestId('inverter-header');
  await panel.getByRole('button', { name: 'Show or set the inverter limit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Limit settings' });
  const input = dialog.getByRole('spinbutton', { name: 'Limit' });

  // Absolute: one line on what it does, and a warning below 2 % of the max power.
  await dialog.getByRole('radio', { name: 'Absolute' }).check();
  await input.fill('30');
  await expect(dialog.getByTestId('limit-warning')).toContainText('below 2 %');
  await input.fill('1500');
  await expect(dialog.getByTestId('limit-warning')).toHaveCount(0);
  await expect(dialog.getByTestId('limit-preview')).toHaveText(
    /at most 1,500 W( \(66\.7 % of its maximum power\))?, until it restarts\./,
  );
  await dialog.getByRole('switch', { name: /persistent/i }).check();
  await expect(dialog.getByTestId('limit-preview')).toContainText('kept after a restart');
  await dialog.getByRole('switch', { name: /persistent/i }).uncheck();
  await dialog.getByRole('button', { name: 'Set limit' }).click();
  await expect(dialog).toBeHidden();
  const requested = header.getByTestId('requested-limit');
  await expect(requested).toContainText('Requested: 1,500 W');
  await expect(requested.locator('[data-status="Ok"]')).toBeVisible({ timeout: 30_000 });
  // The read-back countdown runs in device time: at 60× its 4 minutes pass in about 4 s.
  await expect(requested).toContainText('confirmed by the inverter', { timeout: 30_000 });
  // Read back in the inverter's 0.1 % steps: 66.7 % of 2,250 W.
  await expect(header.getByTestId('current-limit')).toContainText(/1,50[01] W/);

  // Relative: shown at once, then confirmed when the inverter reports it.
  await panel.getByRole('button', { name: 'Show or set the inverter limit' }).click();
  await dialog.getByRole('radio', { name: 'Relative' }).check();
  await input.fill('100');
  await expect(dialog.getByTestId('limit-preview')).toContainText('at most 2,250 W (100.0 %');
  await dialog.getByRole('button', { name: 'Set limit' }).click();
  await expect(dialog).toBeHidden();
  await expect(requested).toContainText('Requested: 100.0 %');
  await expect(requested).toContainText('confirmed by the inverter', { timeout: 30_000 });
  await expect(header.getByTestId('current-limit')).toContainText('100.0 %');
});
