import type { ExportControlStatus } from '@heliodtu/contract/export-control';
import type { Page } from '@playwright/test';
import { expect, prepare, test as appTest, ADMIN_AUTHDATA } from '../fixtures/app-test.ts';
import { AUTH } from '../fixtures/config-api.ts';
import { withOwnGateway } from '../fixtures/own-gateway.ts';

// Issue 35 in Chromium, against a simulated gateway with the demo fleet and the simulated house
// (SIM_METER=house): the House card on the live view, the Power control screen, its settings
// saved and read back, control turned on until every governed inverter's limit is confirmed, and
// "Read the meter now", the validation messages, and the limit dialog's note on a governed
// inverter. One gateway for the file (it turns control on, which the other specs' fleet must not
// feel), its tests in order. Device time runs 3× fast: a simulated inverter, like a real one,
// reads its limit back first two minutes after start, and control takes over only an inverter
// whose limit it knows.

const test = appTest.extend<object, { houseGateway: string }>({
  houseGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) =>
      withOwnGateway(
        'power-control-',
        { SIM_FLEET: 'demo', SIM_METER: 'house', SIM_SPEED: '3' },
        use,
      ),
    { scope: 'worker', timeout: 70_000 },
  ],
  baseURL: async ({ houseGateway }, use) => use(houseGateway),
});
test.describe.configure({ mode: 'serial' });

/** Chooses the simulated house as the meter (it may be the gateway's default already). */
async function useSimulatedHouse(page: Page) {
  await page.goto('power-control');
  const form = page.getByTestId('meter-settings');
  const source = form.getByLabel('Source');
  if ((await source.inputValue()) !== 'simulated') {
    await source.selectOption('simulated');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
  }
}

test('the House card shows the grid and the house’s consumption', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await useSimulatedHouse(page);
  await page.goto('');
  const card = page.getByRole('region', { name: 'House' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('house-grid')).toHaveText(
    /^(Importing [\d,]+\sW|Exporting [\d,]+\sW|Neither importing nor exporting)$/,
  );
  await expect(card.getByTestId('house-consumption')).toHaveText(/^[\d,]+\u00a0W$/);
  await expect(card.getByTestId('house-today')).toContainText('Imported');
});

test('the screen is axe-clean in both themes, and reads the meter now', async ({
  page,
  checkA11y,
  snapshot,
}) => {
  for (const theme of ['light', 'dark'] as const) {
    await prepare(page, { theme, authdata: ADMIN_AUTHDATA });
    await page.goto('power-control');
    await expect(page.getByRole('heading', { level: 1, name: 'Power control' })).toBeVisible();
    await expect(page.getByTestId('control-sentence')).not.toBeEmpty();
    await expect(page.getByTestId('control-settings')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await checkA11y(`power control ${theme}`);
    await snapshot(`power-control-${theme}`);
  }
  await page.getByRole('button', { name: 'Read the meter now' }).click();
  await expect(page.getByTestId('meter-now')).toHaveText(
    /^(Importing|Exporting) [\d,]+\sW|^Balanced/,
  );
  await expect(page.getByTestId('meter-now')).toContainText(/Last reading \d+\ss ago\./);
});

test('the settings save and read back', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('power-control');
  const meter = page.getByTestId('meter-settings');
  await meter.getByLabel('Stale after').fill('45');
  await meter.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const control = page.getByTestId('control-settings');
  await control.getByLabel('Target grid power').fill('-20');
  await control.getByLabel('Hysteresis').fill('25');
  await control.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.').nth(1)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('meter-settings').getByLabel('Stale after')).toHaveValue('45');
  await expect(page.getByTestId('control-settings').getByLabel('Target grid power')).toHaveValue(
    '-20',
  );
  await expect(page.getByTestId('control-settings').getByLabel('Hysteresis')).toHaveValue('25');
});

test('refuses what the rules refuse, at the field, and saves nothing', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('api/exportcontrol/config')) {
      posts.push(request.url());
    }
  });
  await page.goto('power-control');
  const control = page.getByTestId('control-settings');
  await control.getByRole('button', { name: 'Add inverter' }).click();
  const chosen = control.getByRole('region').first();
  await chosen.getByLabel('Lower limit').fill('900');
  await chosen.getByLabel('Upper limit').fill('100');
  await control.getByLabel('Target grid power').fill('20000');
  await control.getByRole('button', { name: 'Save' }).click();
  await expect(control.getByText('The upper limit cannot be below the lower limit.')).toBeVisible();
  await expect(control.getByText('Enter a number from -10000 to 10000.')).toBeVisible();
  await expect(chosen.getByLabel('Upper limit')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toHaveLength(0);
  await page.reload();
  await expect(page.getByTestId('control-settings').getByLabel('Target grid power')).toHaveValue(
    '-20',
  );
  await expect(page.getByTestId('control-settings').getByRole('region')).toHaveCount(0);
});

test('turning control on governs the chosen inverters with confirmed limits', async ({ page }) => {
  test.setTimeout(120_000);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('power-control');
  const control = page.getByTestId('control-settings');
  // Every inverter of the fleet, chosen one by one.
  const add = control.getByRole('button', { name: 'Add inverter' });
  // The choice appears once the fleet is known.
  await expect(add).toBeVisible();
  while (await add.isVisible()) await add.click();
  const chosen = await control.getByRole('region').count();
  expect(chosen).toBeGreaterThan(1);
  await control.getByLabel('Target grid power').fill('0');
  await control.getByLabel('Export control on').check();
  await control.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  // The gateway confirms by read-back; the screen shows what it says.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('api/exportcontrol/status', { headers: AUTH });
        const status = (await answer.json()) as ExportControlStatus;
        return (
          status.inverters.length === chosen &&
          status.inverters.every((inverter) => inverter.confirmed)
        );
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const governed = page.locator('[data-testid^="governed-inverter-"]');
  await expect(governed).toHaveCount(chosen);
  // Each row says whether its limit is confirmed; control keeps regulating, so a new request may
  // be pending on one of them at any moment.
  await expect(page.getByTestId('limit-state')).toHaveCount(chosen, { timeout: 15_000 });
  for (const state of await page.getByTestId('limit-state').all()) {
    await expect(state).toHaveText(/^(confirmed|pending)$/);
  }
  await expect(
    page.getByTestId('limit-state').filter({ hasText: 'confirmed' }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('control-sentence')).not.toHaveText(/is off/);
});

test('the limit dialog of a governed inverter says that control governs it', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('');
  await page.getByRole('tab', { name: /^Garage roof/ }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Show or set the inverter limit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Limit settings' });
  await expect(dialog.getByTestId('export-control-note')).toHaveText(
    'Export control governs this inverter. A limit sent now pauses its control for 30 minutes; then control takes over again.',
  );
});
