import { createHash } from 'node:crypto';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { FIRMWARE_URL } from '../fixtures/env.ts';

// Its own gateway (playwright.config.ts): an accepted image restarts it.
test.describe.configure({ mode: 'serial' });
test.use({
  baseURL: FIRMWARE_URL,
  // One pattern: Playwright reads a two-element option array as [value, options]. It allows the
  // network failures while the gateway restarts, and the deliberate 500 of a refused image.
  allowedErrors: [
    /net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED)|status of 500 .*\/api\/firmware\/update/,
  ],
});

/** A small image the gateway accepts: the ESP32 image magic byte 0xE9, then some payload. */
function validImage(): Buffer {
  const image = Buffer.alloc(1536 * 1024 + 123);
  image[0] = 0xe9;
  for (let i = 1; i < image.length; i += 1) image[i] = (i * 7) & 0xff;
  return image;
}

const CHOOSER = 'Firmware image (.bin or .bin.gz)';

test('logged out, the page sends to the login with returnUrl', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: FIRMWARE_URL });
  const page = await context.newPage();
  await page.goto('firmware/upgrade');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Ffirmware%2Fupgrade$/);
  await context.close();
});

test('a wrong file type, dropped on the card, is refused before any upload', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('firmware/upgrade');
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    return data;
  });
  await page.getByTestId('firmware-drop').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('Choose a .bin or .bin.gz file.')).toBeVisible();
  await expect(page.getByLabel(CHOOSER)).toBeVisible();
});

test('a wrong MD5 shows the error; Retry with the right one succeeds, waits and comes back', async ({
  page,
  checkA11y,
}) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  const image = validImage();
  const md5 = createHash('md5').update(image).digest('hex');
  // The browser computes the right MD5; falsify it on the way, as a corrupted checksum would.
  const sent: string[] = [];
  await page.route('**/api/firmware/update', async (route) => {
    const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
    sent.push(body.includes(md5) ? 'right' : 'missing');
    const wrong = Buffer.from(body.toString('latin1').replace(md5, '0'.repeat(32)), 'latin1');
    await route.continue({ postData: wrong });
  });

  await page.goto('firmware/upgrade');
  await expect(page.getByRole('heading', { level: 1, name: 'Firmware Upgrade' })).toBeVisible();
  await checkA11y('firmware chooser');
  await page.getByLabel(CHOOSER).setInputFiles({
    name: 'firmware.bin',
    mimeType: 'application/octet-stream',
    buffer: image,
  });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The firmware upgrade failed');
  await expect(alert).toContainText('MD5 mismatch');
  expect(sent).toEqual(['right']);
  await checkA11y('firmware error');

  await page.unroute('**/api/firmware/update');
  const retriedAt = Date.now();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/Firmware accepted/)).toBeVisible();
  await expect(page).toHaveURL(/\/wait\?for=firmware$/);
  await expect(page.getByText('The device is starting the new firmware.')).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Live Data' })).toBeVisible();
  // It really restarted: the uptime counts from after the retry.
  const status = (await (await page.request.get('api/system/status')).json()) as { uptime: number };
  expect(status.uptime).toBeLessThanOrEqual(Math.ceil((Date.now() - retriedAt) / 1000));
});

test('Back leaves the error view for the chooser (dark theme)', async ({ page, checkA11y }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA, theme: 'dark' });
  await page.goto('firmware/upgrade');
  // Not an ESP32 image: the gateway names the reason (spec §7: 500 body shown).
  await page.getByLabel(CHOOSER).setInputFiles({
    name: 'firmware.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('not an image at all'),
  });
  await expect(page.getByRole('alert')).toContainText('Not an ESP32 image (magic byte)');
  await checkA11y('firmware error, dark');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel(CHOOSER)).toBeVisible();
});
