import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { AUTH } from '../fixtures/config-api.ts';
import { test } from '../fixtures/own-gateway.ts';

// A save must survive a real restart of the gateway process state (config.json on disk, read
// again at boot), not only a page reload. The restart runs on this file's own gateway.

interface Change {
  path: string;
  heading: string;
  /** Opens the tab that holds the field, where there is one. */
  tab?: string;
  label: string;
  value: string;
  /** Makes the field visible first (a switch that shows its section). */
  reveal?: (page: Page) => Promise<void>;
}

const CHANGES: Change[] = [
  { path: 'settings/dtu', heading: 'DTU Settings', label: 'Poll interval', value: '7' },
  {
    path: 'settings/mqtt',
    heading: 'MQTT Settings',
    label: 'Server',
    value: '127.0.0.1',
    // The broker fields show only while MQTT is on; nothing listens there, which is fine.
    reveal: (page) => page.getByRole('switch', { name: 'Enable MQTT' }).check(),
  },
  {
    path: 'settings/device',
    heading: 'Device Manager',
    tab: 'Display',
    label: 'Diagram time span',
    value: '1200',
  },
];

async function open(page: Page, change: Change) {
  await page.goto(change.path);
  await expect(page.getByRole('heading', { level: 1, name: change.heading })).toBeVisible();
  if (change.tab) await page.getByRole('tab', { name: change.tab }).click();
  return page.getByLabel(change.label, { exact: true });
}

async function uptime(page: Page): Promise<number> {
  const answer = await page.request.get('api/system/status', { headers: AUTH });
  return ((await answer.json()) as { uptime: number }).uptime;
}

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('settings saved on each screen are still there after the gateway restarts', async ({
  page,
}) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  for (const change of CHANGES) {
    const field = await open(page, change);
    await change.reveal?.(page);
    await expect(field).not.toHaveValue(change.value);
    await field.fill(change.value);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Settings saved');
  }

  const before = await uptime(page);
  const reboot = await page.request.post('api/maintenance/reboot', {
    headers: AUTH,
    form: { data: JSON.stringify({ reboot: true }) },
  });
  expect(((await reboot.json()) as { code: number }).code).toBe(6001);
  // Down, then up again with a fresh uptime: a new boot, which read config.json from disk.
  await expect
    .poll(() => uptime(page).catch(() => Number.POSITIVE_INFINITY), { timeout: 30_000 })
    .toBeLessThan(Math.max(before, 2));

  for (const change of CHANGES) {
    await expect(await open(page, change)).toHaveValue(change.value);
  }
});
