import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiResult } from '@heliodtu/contract/envelope';
import type { Inverter, InverterList } from '@heliodtu/contract/inverter';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { AUTH } from '../fixtures/config-api.ts';
import { test } from '../fixtures/own-gateway.ts';

// Adding, reordering and deleting inverters on the shared gateway would race the live-view
// spec, which expects exactly the demo fleet in its order; so this file runs on a gateway of its
// own (the same server and demo fleet), and still puts back what it changed.

// A valid E-Star HERF label and its converted serial (contract/src/domain/serial.test.ts).
const HERF_LABEL = 'A1100FBT4-19W';
const HERF_SERIAL = '28210007af44';

test.describe.configure({ mode: 'serial' });

async function listInverters(request: APIRequestContext): Promise<Inverter[]> {
  const answer = await request.get('api/inverter/list', { headers: AUTH });
  expect(answer.ok()).toBe(true);
  const { inverter } = (await answer.json()) as InverterList;
  return inverter.sort((a, b) => a.order - b.order);
}

async function post(request: APIRequestContext, action: string, data: unknown) {
  const answer = await request.post(`api/inverter/${action}`, {
    headers: AUTH,
    form: { data: JSON.stringify(data) },
  });
  return (await answer.json()) as ApiResult;
}

let original: Inverter[];

test.beforeEach(async ({ page }) => {
  original = await listInverters(page.request);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
});

// Whatever a test did: remove what it added and put the original order back.
test.afterEach(async ({ page }) => {
  const ids = new Set(original.map((inverter) => inverter.id));
  for (const inverter of await listInverters(page.request)) {
    if (!ids.has(inverter.id)) await post(page.request, 'del', { id: inverter.id });
  }
  await post(page.request, 'order', { order: original.map((inverter) => inverter.id) });
  expect(await listInverters(page.request)).toEqual(original);
});

async function open(page: Page) {
  await page.goto('settings/inverter');
  await expect(page.getByRole('heading', { level: 1, name: 'Inverter Settings' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(process.env['E2E_PORT']);
}

const rowNames = (page: Page) => page.getByRole('row').locator('td:nth-child(4) > div:first-child');

test('adds an inverter by its HERF label, edits it, and deletes it after confirmation', async ({
  page,
  checkA11y,
}) => {
  await open(page);
  await checkA11y('inverter settings');
  const form = page.getByRole('form', { name: 'Add an inverter' });
  await form.getByLabel('Serial number').fill(HERF_LABEL);
  await expect(
    form.getByText(`E-Star HERF label, saved converted as ${HERF_SERIAL}`),
  ).toBeVisible();
  await checkA11y('serial feedback');
  await form.getByLabel('Name').fill('E2E shed');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Inverter added/);
  const row = page.getByRole('row').filter({ hasText: 'E2E shed' });
  await expect(row).toContainText(HERF_SERIAL);
  await expect(row).toContainText('HERF-800-2T');
  await expect(form.getByLabel('Serial number')).toHaveValue('');

  // Edit one field on each of two tabs, save, reload: kept.
  await row.getByRole('button', { name: 'Edit E2E shed' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit inverter: E2E shed' });
  await dialog.getByRole('tab', { name: 'Advanced' }).click();
  await dialog.getByRole('spinbutton', { name: 'Reachable threshold' }).fill('7');
  await dialog.getByRole('tab', { name: 'Strings' }).click();
  const string1 = dialog.getByRole('group', { name: 'String 1' });
  await string1.getByLabel('Name').fill('Ridge');
  // The string's orientation, a HelioDTU extension (issue 23).
  await string1.getByRole('spinbutton', { name: 'Azimuth' }).fill('250');
  await string1.getByRole('spinbutton', { name: 'Tilt' }).fill('35');
  await checkA11y('edit inverter dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText(/Inverter saved/);

  await page.reload();
  await page.getByRole('button', { name: 'Edit E2E shed' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit inverter: E2E shed' });
  await dialog.getByRole('tab', { name: 'Advanced' }).click();
  await expect(dialog.getByRole('spinbutton', { name: 'Reachable threshold' })).toHaveValue('7');
  await dialog.getByRole('tab', { name: 'Strings' }).click();
  const kept = dialog.getByRole('group', { name: 'String 1' });
  await expect(kept.getByLabel('Name')).toHaveValue('Ridge');
  await expect(kept.getByRole('spinbutton', { name: 'Azimuth' })).toHaveValue('250');
  await expect(kept.getByRole('spinbutton', { name: 'Tilt' })).toHaveValue('35');
  await expect(
    dialog.getByRole('group', { name: 'String 2' }).getByRole('spinbutton', { name: 'Azimuth' }),
  ).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete E2E shed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete inverter' });
  await expect(confirm).toContainText(
    `Delete the inverter "E2E shed" with serial number ${HERF_SERIAL}?`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Inverter deleted/);
  await expect(page.getByRole('row').filter({ hasText: 'E2E shed' })).toHaveCount(0);
  const serials = (await listInverters(page.request)).map((inverter) => inverter.serial);
  expect(serials).not.toContain(HERF_SERIAL);
});

test('a serial already in the list gets its own message and nothing is sent', async ({ page }) => {
  const adds: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/inverter/add')) adds.push(request.method());
  });
  await open(page);
  const first = original[0]!;
  const form = page.getByRole('form', { name: 'Add an inverter' });
  await form.getByLabel('Serial number').fill(first.serial);
  await form.getByLabel('Name').fill('Twin');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(
    form.getByText(`"${first.name}" already has this serial number.`, { exact: false }),
  ).toBeVisible();
  expect(adds).toEqual([]);
});

test('reorders by keyboard, saves the order and keeps it after a reload', async ({ page }) => {
  await open(page);
  const names = original.map((inverter) => inverter.name);
  await expect(rowNames(page)).toHaveText(names);
  const [first, second, ...rest] = names;
  const count = names.length;

  await page.getByRole('button', { name: `Move ${first}, position 1 of ${count}` }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status')).toHaveText(`${first} moved to position 2 of ${count}.`);
  await expect(
    page.getByRole('button', { name: `Move ${first}, position 2 of ${count}` }),
  ).toBeFocused();
  await expect(rowNames(page)).toHaveText([second!, first!, ...rest]);

  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Inverter order saved/);
  await page.reload();
  await expect(rowNames(page)).toHaveText([second!, first!, ...rest]);
  const saved = await listInverters(page.request);
  expect(saved.map((inverter) => inverter.name)).toEqual([second, first, ...rest]);
});

test('a row follows the mouse by its handle; Reload drops the unsaved order', async ({ page }) => {
  await open(page);
  const names = original.map((inverter) => inverter.name);
  const handle = page.getByRole('button', { name: `Move ${names[0]}, position 1 of` });
  const lastRow = page.getByRole('row').last();
  const from = (await handle.boundingBox())!;
  const to = (await lastRow.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height - 2, { steps: 8 });
  await page.mouse.up();
  await expect(rowNames(page)).toHaveText([...names.slice(1), names[0]!]);
  await expect(page.getByText('The order has changed. Save order keeps it.')).toBeVisible();

  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(rowNames(page)).toHaveText(names);
  await expect(page.getByRole('button', { name: 'Save order' })).toBeDisabled();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });

  test('a row follows a finger on its handle, without scrolling the page', async ({ page }) => {
    await open(page);
    const names = original.map((inverter) => inverter.name);
    // Touch input lands where the screen shows it: bring the whole table into view first.
    await page
      .getByRole('table')
      .evaluate((table) => table.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const scrollY = await page.evaluate(() => window.scrollY);
    const from = (await page
      .getByRole('button', { name: `Move ${names[0]}, position 1 of` })
      .boundingBox())!;
    const to = (await page.getByRole('row').last().boundingBox())!;
    const x = from.x + from.width / 2;
    // Playwright has no touch move; the DevTools protocol sends real touch input.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: y === undefined ? [] : [{ x, y }],
      });
    await touch('touchStart', from.y + from.height / 2);
    for (let step = 1; step <= 8; step += 1) {
      const y = from.y + from.height / 2 + ((to.y + to.height - 2 - from.y) * step) / 8;
      await touch('touchMove', y);
    }
    await touch('touchEnd');
    await expect(rowNames(page)).toHaveText([...names.slice(1), names[0]!]);
    // The handle took the gesture: the page did not scroll under the finger.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    await expect(page.getByRole('status')).toHaveText(
      `${names[0]} moved to position ${names.length} of ${names.length}.`,
    );
  });
});

test('ten inverters with long names stay usable on a phone, light and dark', async ({
  page,
  checkA11y,
}) => {
  for (let index = original.length; index < 10; index += 1) {
    const name =
      index % 2 ? `Rooftop south-west extension ${index}` : `Southwestroofextensionwing000${index}`;
    expect(await post(page.request, 'add', { serial: `11210000000${index}`, name })).toMatchObject({
      type: 'success',
    });
  }
  await page.setViewportSize({ width: 360, height: 740 });
  for (const theme of ['light', 'dark'] as const) {
    await prepare(page, { theme });
    await open(page);
    await expect(page.getByRole('row')).toHaveCount(11);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    // The table's own scroll box must not need sideways scrolling either.
    const overflow = await page
      .getByRole('table')
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const button of await page.getByRole('button', { name: /^(Edit|Delete) / }).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    await checkA11y(`inverter list at 360 px, ${theme}`);
  }
});
