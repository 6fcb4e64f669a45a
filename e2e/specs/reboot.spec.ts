import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { REBOOT_URL } from '../fixtures/env.ts';

// Its own gateway (see playwright.config.ts), so the restart disturbs no other spec.
test.use({
  baseURL: REBOOT_URL,
  // While the gateway is away the wait page's polls fail at the network level.
  allowedErrors: [
    /net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED)/,
  ],
});

test('reboot: confirm, wait page while the gateway is away, then back to the live view', async ({
  page,
}) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });

  await page.goto('maintenance/reboot');
  await page.getByRole('button', { name: 'Restart the device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restart the device' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Restart the device now?')).toBeVisible();
  const clickedAt = Date.now();
  await dialog.getByRole('button', { name: 'Restart', exact: true }).click();

  await expect(page.getByRole('alert')).toHaveText(/Restart requested\./);
  await expect(page).toHaveURL(/\/wait\?for=reboot$/);
  await expect(page.getByText('The device is restarting.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Device restarting' })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Live Data' })).toBeVisible();

  // It really restarted: the uptime counts from after the click, not from the first boot.
  const status = (await (await page.request.get('api/system/status')).json()) as { uptime: number };
  expect(status.uptime).toBeLessThanOrEqual(Math.ceil((Date.now() - clickedAt) / 1000));
});
