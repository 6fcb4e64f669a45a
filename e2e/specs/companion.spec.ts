import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, prepare } from '../fixtures/app-test.ts';
import { E2E_WEB_DIST, startGateway, test } from '../fixtures/own-gateway.ts';

// Issue 24: a simulated gateway plays the OpenDTU device, a second gateway runs as its
// companion (DTU_URL), and the browser only ever talks to the companion.

test('the live view shows the device inverters through the companion', async ({ page }) => {
  const base = process.env['E2E_TMP'] ?? tmpdir();
  const deviceDir = await mkdtemp(path.join(base, 'companion-device-'));
  const companionDir = await mkdtemp(path.join(base, 'companion-'));
  const device = await startGateway(E2E_WEB_DIST, deviceDir, { HISTORY: 'off' });
  try {
    const companion = await startGateway(E2E_WEB_DIST, companionDir, {
      DTU_URL: device.url,
      DTU_PASSWORD: 'openDTU42',
      // No fleet of its own: whatever the live view shows comes from the device.
      SIM_FLEET: 'none',
    });
    try {
      const answer = await page.request.get(`${device.url}api/livedata/status`);
      const { inverters } = (await answer.json()) as { inverters: { name: string }[] };
      expect(inverters.length).toBeGreaterThan(0);
      await prepare(page);
      await page.goto(companion.url);
      for (const { name } of inverters) {
        await expect(page.getByRole('tab', { name: new RegExp(name) })).toBeVisible();
      }
      // Values arrive over the companion's socket: a power figure with its unit is on screen.
      await expect(page.getByText(/\d+(\.\d+)?\s*W\b/).first()).toBeVisible();
      // System info names the device behind the companion, by its address.
      await page.goto(`${companion.url}info/system`);
      const card = page.locator('section', {
        has: page.getByRole('heading', { name: 'Device behind this companion' }),
      });
      await expect(card.getByRole('link', { name: device.url.replace(/\/$/, '') })).toBeVisible();
      await expect(card.getByText('v24.11.7')).toBeVisible();
    } finally {
      await companion.stop();
    }
  } finally {
    await device.stop();
    await rm(deviceDir, { recursive: true, force: true });
    await rm(companionDir, { recursive: true, force: true });
  }
});
