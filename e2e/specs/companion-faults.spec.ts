import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { E2E_WEB_DIST, startGateway, test } from '../fixtures/own-gateway.ts';

// Issue 24, the device behind a companion failing: powered off and back, a wrong stored
// password, an address that answers but is no OpenDTU. Real processes throughout: a simulated
// gateway plays the device, a second gateway is its companion, the browser only talks to it.

// The browser logs every 5xx; here they are the companion saying its device did not answer.
test.use({
  allowedErrors: [/Failed to load resource: the server responded with a status of 50[234] /],
});

/** Two gateways boot and the companion retries with back-off (up to 30 s): a loaded machine. */
const SLOW = { timeout: 60_000 };

async function tempDir(prefix: string) {
  return mkdtemp(path.join(process.env['E2E_TMP'] ?? tmpdir(), prefix));
}

/** Runs `use` with a companion of `deviceUrl` (no fleet of its own), then stops it. */
async function withCompanion(
  deviceUrl: string,
  password: string,
  use: (url: string) => Promise<void>,
) {
  const dir = await tempDir('faults-companion-');
  try {
    const companion = await startGateway(E2E_WEB_DIST, dir, {
      DTU_URL: deviceUrl,
      DTU_PASSWORD: password,
      SIM_FLEET: 'none',
    });
    try {
      await use(companion.url);
    } finally {
      await companion.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The seconds the open inverter's header shows as its data age ("42 seconds"). */
async function dataAgeSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('data-age').first().textContent()) ?? '';
  const seconds = /^(\d+) seconds?$/.exec(text.trim())?.[1];
  if (seconds === undefined) throw new Error(`no data age in seconds: "${text}"`);
  return Number(seconds);
}

const shellNotice = (page: Page) => page.locator('[data-notice="unreachable"]');

/**
 * Records, on every page load, whether the shell or the live view ever said "the gateway
 * cannot be reached", however briefly: a notice that flickers is as wrong as one that stays.
 */
async function watchGatewayNotices(page: Page) {
  await page.addInitScript(() => {
    const seen = () =>
      document.querySelector('[data-notice="unreachable"], [data-notice="no-answer"]') !== null;
    new MutationObserver(() => {
      if (seen()) (window as { gatewayAwaySaid?: boolean }).gatewayAwaySaid = true;
    }).observe(document, { childList: true, subtree: true });
  });
}
const gatewayAwaySaid = (page: Page) =>
  page.evaluate(() => (window as { gatewayAwaySaid?: boolean }).gatewayAwaySaid ?? false);
const liveNotice = (page: Page) =>
  page.locator('[data-notice="no-answer"], [data-notice="failed"]');

test('device powered off and back: the last figures with their age, then live again without a reload', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const deviceDir = await tempDir('faults-device-');
  const device = await startGateway(E2E_WEB_DIST, deviceDir, { HISTORY: 'off' });
  try {
    await withCompanion(device.url, 'openDTU42', async (companionUrl) => {
      await prepare(page);
      await watchGatewayNotices(page);
      await page.goto(companionUrl);
      const firstTab = page
        .getByRole('tab')
        .filter({ hasNotText: /overview/i })
        .first();
      await firstTab.click();
      const power = page.getByTestId('total-Power');
      await expect(power).toHaveText(/\d.*W/, SLOW);
      await expect(page.getByTestId('data-age').first()).toHaveText(/^\d+ seconds?$/, SLOW);
      const hint = page.getByTestId('hint-device-away');
      await expect(hint).toBeHidden();

      await device.kill();
      // The companion's poll is 5 s; the banner says since when, and why in plain words.
      await expect(hint).toContainText(
        `The OpenDTU at ${device.url.replace(/\/$/, '')} has not answered since`,
        SLOW,
      );
      await expect(hint.getByTestId('device-problem')).toHaveText(
        /refused the connection|cannot be reached|connection to the device was lost/,
        SLOW,
      );
      const lastPower = await power.textContent();
      // The last figures stay, their age keeps counting.
      const ageAway = await dataAgeSeconds(page);
      await expect.poll(() => dataAgeSeconds(page), SLOW).toBeGreaterThanOrEqual(ageAway + 3);
      await expect(power).toHaveText(lastPower ?? '');
      // The companion answers: neither the shell nor the live view says the gateway is away.
      await expect(shellNotice(page)).toHaveCount(0);
      await expect(liveNotice(page)).toHaveCount(0);
      expect(await gatewayAwaySaid(page)).toBe(false);

      // A reload while the device is away still loads from the companion: the last data, aged,
      // rendered into the page (issue 26).
      const reloaded = await page.reload();
      expect(reloaded?.status()).toBe(200);
      expect(await reloaded?.text()).toContain('data-live-rendered');
      await page
        .getByRole('tab')
        .filter({ hasNotText: /overview/i })
        .first()
        .click();
      await expect(page.getByTestId('total-Power')).toHaveText(lastPower ?? '', SLOW);
      await expect(hint).toContainText('has not answered since', SLOW);
      const ageAfterReload = await dataAgeSeconds(page);
      expect(ageAfterReload).toBeGreaterThanOrEqual(ageAway);
      await expect(shellNotice(page)).toHaveCount(0);
      await expect(liveNotice(page)).toHaveCount(0);
      expect(await gatewayAwaySaid(page)).toBe(false);

      // Back on the same port with the same data: live values resume, no reload.
      await device.start();
      await expect(hint).toBeHidden({ timeout: 90_000 });
      await expect
        .poll(() => dataAgeSeconds(page), SLOW)
        .toBeLessThan(Math.min(ageAfterReload, 15));
      expect(await gatewayAwaySaid(page)).toBe(false);
    });
  } finally {
    await device.stop();
    await rm(deviceDir, { recursive: true, force: true });
  }
});

test('a wrong stored password: said in plain words, and the companion keeps serving', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const deviceDir = await tempDir('faults-locked-device-');
  const device = await startGateway(E2E_WEB_DIST, deviceDir, { HISTORY: 'off' });
  try {
    // The device as owners lock it: its own password, read-only access off.
    const form = new FormData();
    form.append('data', JSON.stringify({ password: 'Device-Pass-77', allow_readonly: false }));
    const locked = await fetch(`${device.url}api/security/config`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
      body: form,
    });
    expect(await locked.json()).toMatchObject({ type: 'success' });
    await withCompanion(device.url, 'Wrong-Pass-13', async (companionUrl) => {
      const wrongPassword =
        "The device refused the stored password: set the device's admin password (DTU_PASSWORD).";
      await prepare(page);
      await page.goto(companionUrl);
      const hint = page.getByTestId('hint-device-away');
      await expect(hint.getByTestId('device-problem')).toHaveText(wrongPassword, SLOW);
      await expect(page.getByRole('heading', { level: 1, name: 'Live Data' })).toBeVisible();
      await expect(shellNotice(page)).toHaveCount(0);
      await expect(liveNotice(page)).toHaveCount(0);

      await page.goto(`${companionUrl}info/system`);
      const card = page.locator('section', {
        has: page.getByRole('heading', { name: 'Device behind this companion' }),
      });
      await expect(card.getByTestId('device-problem')).toHaveText(wrongPassword, SLOW);
      await expect(card).toContainText('refused the password (401)');
      await expect(card).not.toContainText('Wrong-Pass-13');
      await expect(shellNotice(page)).toHaveCount(0);
      // Its own pages go on: the console answers from the companion itself.
      await page.goto(`${companionUrl}info/console`);
      await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
      const status = await page.request.get(`${companionUrl}api/companion/status`);
      expect(status.status()).toBe(200);
      expect(await status.text()).not.toContain('Wrong-Pass-13');
    });
  } finally {
    await device.stop();
    await rm(deviceDir, { recursive: true, force: true });
  }
});

test('an address that answers with a web page: "not an OpenDTU" in plain words', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const router = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Router</title><h1>Welcome to your router</h1>');
  });
  router.listen(0, '127.0.0.1');
  await once(router, 'listening');
  const routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;
  try {
    await withCompanion(routerUrl, 'openDTU42', async (companionUrl) => {
      const notOpenDtu =
        'The address answers, but not as an OpenDTU: check the device address (DTU_URL).';
      await prepare(page);
      await page.goto(companionUrl);
      await expect(page.getByTestId('hint-device-away').getByTestId('device-problem')).toHaveText(
        notOpenDtu,
        SLOW,
      );
      await expect(shellNotice(page)).toHaveCount(0);

      await page.goto(`${companionUrl}info/system`);
      const card = page.locator('section', {
        has: page.getByRole('heading', { name: 'Device behind this companion' }),
      });
      await expect(card.getByTestId('device-problem')).toHaveText(notOpenDtu, SLOW);
      await expect(card).toContainText('answers with a web page');
    });
  } finally {
    router.closeAllConnections();
    await new Promise<void>((resolve) => router.close(() => resolve()));
  }
});

/**
 * A device on a weak link: every HTTP request is passed on `delayMs` late; socket upgrades and
 * their frames go through at once. Counts what the device has in hand at once.
 */
async function startDelayingProxy(deviceUrl: string, delayMs: number) {
  const target = new URL(deviceUrl);
  let inFlight = 0;
  let peak = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    response.once('close', () => (inFlight -= 1));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => {
      setTimeout(() => {
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, path: request.url, method: request.method },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined && name !== 'host') upstream.setHeader(name, value);
        }
        upstream.once('error', () => response.destroy());
        upstream.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  server.on('upgrade', (request, socket, head) => {
    const tunnel = connect(Number(target.port), target.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      tunnel.write(`${lines.join('\r\n')}\r\n\r\n`);
      tunnel.write(head);
      tunnel.pipe(socket).pipe(tunnel);
    });
    tunnel.once('error', () => socket.destroy());
    socket.once('error', () => tunnel.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    peak: () => peak,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test('a slow device (2 s per answer): the interface stays responsive and nothing piles up at the device', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const deviceDir = await tempDir('faults-slow-device-');
  const device = await startGateway(E2E_WEB_DIST, deviceDir, { HISTORY: 'off' });
  const proxy = await startDelayingProxy(device.url, 2000);
  try {
    await withCompanion(proxy.url, 'openDTU42', async (companionUrl) => {
      await prepare(page, { authdata: ADMIN_AUTHDATA });
      await page.goto(companionUrl);
      // Live data comes over the companion's one socket, which the slow answers do not hold up.
      await expect(page.getByTestId('total-Power')).toHaveText(/\d.*W/, SLOW);

      // Every screen the owner clicks through answers at once with its frame, whatever the
      // device still has to answer; the last one then fills in a few of the device's turns.
      const screens: [string, string][] = [
        ['settings/network', 'Network Settings'],
        ['settings/mqtt', 'MQTT Settings'],
        ['info/system', 'System Info'],
        ['settings/ntp', 'NTP Settings'],
      ];
      for (const [route, heading] of screens) {
        const began = Date.now();
        await page.goto(`${companionUrl}${route}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(Date.now() - began).toBeLessThan(5000);
      }
      await expect(page.getByLabel('Time server')).not.toHaveValue('', { timeout: 15_000 });
      // The companion sends a slow device at most 4 requests at once, however many wait.
      expect(proxy.peak()).toBeLessThanOrEqual(4);
      await expect(shellNotice(page)).toHaveCount(0);
    });
  } finally {
    await proxy.close();
    await device.stop();
    await rm(deviceDir, { recursive: true, force: true });
  }
});
