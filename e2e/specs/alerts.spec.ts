import type { AlertsStatus } from '@heliodtu/contract/alerts';
import { expect, prepare, test as appTest, ADMIN_AUTHDATA } from '../fixtures/app-test.ts';
import { AUTH } from '../fixtures/config-api.ts';
import { withOwnGateway } from '../fixtures/own-gateway.ts';

// Issue 28 in Chromium: the demo's barn inverter never answers (SIM_FAULTS); after 15 simulated
// minutes of daylight (about 4 s at 240 simulated seconds per second) its alert opens. The bell
// counts it, the Alerts screen lists it with a link to the barn's tab, and the barn's tile
// carries the mark. A gateway of this file's own, since it raises an alert the others do not want.

const BARN = '138293821457';

const test = appTest.extend<object, { alertsGateway: string }>({
  alertsGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) =>
      withOwnGateway(
        'alerts-',
        {
          SIM_FLEET: 'demo',
          SIM_START: '2025-06-21T12:00:00',
          SIM_SPEED: '240',
          SIM_FAULTS: `unreachable:${BARN}`,
        },
        use,
      ),
    { scope: 'worker', timeout: 70_000 },
  ],
  baseURL: async ({ alertsGateway }, use) => use(alertsGateway),
});

test('the bell counts the open alert, the Alerts screen lists it and links to the inverter', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Wait on the gateway (not the 30 s poll) until the barn's alert is open.
  let status: AlertsStatus | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('api/alerts/status', { headers: AUTH });
        status = (await answer.json()) as AlertsStatus;
        return status.open.some((a) => a.kind === 'inverter-unreachable' && a.serial === BARN);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const count = status!.open.length;

  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('');
  const bell = page.getByRole('link', { name: `Alerts: ${count} open` });
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId('alerts-count')).toHaveText(String(count));
  // The barn's tile in the overview carries the mark with the alert's text.
  await expect(
    page.getByRole('article', { name: 'Barn' }).getByRole('img', { name: 'Barn does not answer' }),
  ).toBeVisible();

  await bell.click();
  await expect(page).toHaveURL(/\/alerts$/);
  const open = page.getByTestId('alert-open').filter({ hasText: 'Barn does not answer' });
  await expect(open).toHaveCount(1);
  // "… ago" on the gateway's clock (June 2025 at 240×), not on the browser's: no "500 days ago".
  await expect(open.getByRole('time').first()).toHaveText(
    /^(now|\d+ (seconds?|minutes?|hours?) ago) \(/,
  );
  await open.getByRole('link', { name: 'Barn' }).click();
  // The live view with the barn's tab chosen.
  await expect(page.getByRole('tab', { name: /Barn/, selected: true })).toBeVisible();
});

test('the settings screen saves a webhook and the test button reports the failed delivery', async ({
  page,
}) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('settings/alerts');
  const url = page.getByLabel('Address (URL)');
  await url.fill('http://127.0.0.1:9/hook');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  // Port 9 (discard) refuses: the gateway says so, the page shows it.
  await page.getByRole('button', { name: 'Send a test webhook' }).click();
  await expect(page.getByTestId('test-result-webhook')).toContainText(
    'The test message was not delivered',
  );
  await page.reload();
  await expect(page.getByLabel('Address (URL)')).toHaveValue('http://127.0.0.1:9/hook');
});
