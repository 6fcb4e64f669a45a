#!/usr/bin/env node
/* global document -- the page functions run in Chromium */
// `npm run screenshots`: the README's pictures, taken from the real interface against the
// simulated fleet with a fixed seed and start time, in Debian's Chromium, as WebP (Chromium
// encodes it, so no image tool is needed). `--smoke` takes one picture into a temporary folder:
// CI runs that so the script cannot rot. Needs a built interface (`npm run build`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PICTURES } from './screenshot-pictures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const smoke = process.argv.includes('--smoke');
// `--format png` for image viewers that cannot read WebP; the README uses WebP.
const formatFlag = process.argv.indexOf('--format');
const format = formatFlag > 0 ? process.argv[formatFlag + 1] : 'webp';
if (format !== 'webp' && format !== 'png') {
  process.stderr.write(`--format must be webp or png, got ${format}\n`);
  process.exit(2);
}
const require = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = require('playwright-core');

// `--only TEXT` takes the pictures whose file name contains TEXT; `--both-themes` also takes
// each in the other theme (file name ending `-as-<theme>`), to check both without the README.
const onlyFlag = process.argv.indexOf('--only');
const only = onlyFlag > 0 ? process.argv[onlyFlag + 1] : undefined;
const bothThemes = process.argv.includes('--both-themes');
const chosen = (smoke ? PICTURES.slice(0, 1) : PICTURES)
  .filter((picture) => only === undefined || picture.file.includes(only))
  .flatMap((picture) =>
    bothThemes
      ? [
          picture,
          {
            ...picture,
            theme: picture.theme === 'light' ? 'dark' : 'light',
            file: `${picture.file}-as-${picture.theme === 'light' ? 'dark' : 'light'}`,
          },
        ]
      : [picture],
  );

const webDist = path.join(root, 'web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  process.stderr.write('No built interface in web/dist: run `npm run build` first.\n');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const outDir = smoke
  ? mkdtempSync(path.join(tmpdir(), 'heliodtu-shots-out-'))
  : path.join(root, 'docs/images');
mkdirSync(outDir, { recursive: true });

const servers = [];
/** A gateway process with `env` over the defaults, its data in a folder of its own. */
function startServer(serverPort, env) {
  const serverData = mkdtempSync(path.join(tmpdir(), 'heliodtu-shots-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: serverData,
        WEB_DIST: webDist,
        SIM_SEED: '1',
        SIM_START: '2025-06-21T12:00:00',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const server = { child, dataDir: serverData, log: '', url: `http://127.0.0.1:${serverPort}/` };
  child.stdout.on('data', (chunk) => (server.log += chunk));
  child.stderr.on('data', (chunk) => (server.log += chunk));
  servers.push(server);
  return server;
}

/** Waits until `server` answers `readyPath`. */
async function waitUp(server, readyPath = 'api/system/status') {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${server.url}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`a gateway did not start:\n${server.log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const gateway = startServer(port, {
  SIM_FLEET: 'demo',
  // A minute per second, and one shaded string, so the overview flags it within a minute.
  SIM_SPEED: '60',
  SIM_FAULTS: 'shade:114182352592:2',
});

/** Two simulated devices (the demo fleet; one inverter of its own) and a companion in front. */
async function startCompanion() {
  const roof = startServer(await freePort(), { SIM_FLEET: 'demo', SIM_SEED: '2' });
  const garage = startServer(await freePort(), { SIM_FLEET: 'none', SIM_SEED: '3' });
  await Promise.all([waitUp(roof), waitUp(garage)]);
  const body = new FormData();
  body.append('data', JSON.stringify({ serial: '112100000002', name: 'Carport' }));
  const added = await fetch(`${garage.url}api/inverter/add`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('admin:openDTU42')}` },
    body,
  });
  if (!added.ok) throw new Error(`the second device refused its inverter: ${added.status}`);
  const companion = startServer(await freePort(), {
    DTU_URL: `Roof=${roof.url},Garage=${garage.url}`,
    DTU_PASSWORD: 'openDTU42',
    SIM_FLEET: 'none',
  });
  await waitUp(companion, 'api/companion/status');
  return companion.url;
}

const ADMIN = { authorization: `Basic ${btoa('admin:openDTU42')}` };

/** Export control on at 0 W for every inverter of `server` (0 W up to its maximum), as an owner sets it. */
async function governEveryInverter(server) {
  // The fleet reads its limits a while after the start: until then every maximum is 0.
  let limits = {};
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    limits = await (await fetch(`${server.url}api/limit/status`, { headers: ADMIN })).json();
    if (Object.values(limits).every((limit) => limit.max_power > 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const config = await (
    await fetch(`${server.url}api/exportcontrol/config`, { headers: ADMIN })
  ).json();
  const inverters = Object.entries(limits).map(([serial, limit]) => ({
    device: 'local',
    serial,
    lower_w: 0,
    upper_w: Math.round(limit.max_power),
    fallback_w: null,
    restore_w: null,
  }));
  const body = new FormData();
  body.append('data', JSON.stringify({ ...config, enabled: true, target_w: 0, inverters }));
  const saved = await fetch(`${server.url}api/exportcontrol/config`, {
    method: 'POST',
    headers: ADMIN,
    body,
  });
  if (!saved.ok) throw new Error(`export control was not switched on: ${await saved.text()}`);
}

/**
 * A gateway of its own for the power control pictures: ten times as fast (SIM_SPEED 60 leaves
 * a busy machine's pauses longer than the meter's stale time), governed from its start.
 */
async function startHouse() {
  const house = startServer(await freePort(), { SIM_FLEET: 'demo', SIM_SPEED: '10' });
  await waitUp(house);
  await governEveryInverter(house);
  return { url: house.url, governedAt: Date.now() };
}

const base = `http://127.0.0.1:${port}/`;
let browser;
let failed = false;
try {
  await waitUp(gateway);
  const house = chosen.some((picture) => picture.exportControl) ? await startHouse() : undefined;
  const companionBase = chosen.some((picture) => picture.companion)
    ? await startCompanion()
    : undefined;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let houseWaited = false;
  for (const picture of chosen) {
    // Ten simulated minutes since control took over, so its chart has a story to tell.
    if (picture.exportControl && !houseWaited) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, house.governedAt + 60_000 - Date.now())),
      );
      houseWaited = true;
    }
    const context = await browser.newContext({
      viewport: { width: picture.width, height: picture.height },
      deviceScaleFactor: 1,
      colorScheme: picture.theme,
      reducedMotion: 'reduce',
    });
    await context.addInitScript(
      ({ theme }) => {
        localStorage.setItem('theme', theme);
        localStorage.setItem('locale', 'en');
        localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:openDTU42') }));
      },
      { theme: picture.theme },
    );
    const page = await context.newPage();
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const pictureBase = picture.companion
      ? companionBase
      : picture.exportControl
        ? house.url
        : base;
    await page.goto(pictureBase + picture.route);
    await page.getByText(picture.ready).first().waitFor({ timeout: 20_000 });
    // Right after a start the clock is unsynchronised and nothing is polled yet: wait until
    // every inverter of the live view has reported (no warning pill left) and power shows.
    if (picture.route === '')
      await page.waitForFunction(
        () =>
          !document.body.textContent.includes('not synchronised') &&
          document.querySelectorAll(
            '.nav-pills .text-warning, .nav-pills .bi-exclamation-circle-fill',
          ).length === 0 &&
          /[1-9][\d,.]*\s*W/.test(document.body.textContent),
        null,
        { timeout: 90_000, polling: 500 },
      );
    await page.waitForFunction(() => !document.querySelector('.spinner-border'), null, {
      timeout: 20_000,
    });
    if (picture.weak)
      await page.getByRole('button', { name: 'Weak string' }).first().waitFor({ timeout: 120_000 });
    if (picture.tab) await page.getByRole('tab', { name: new RegExp(picture.tab) }).click();
    if (picture.route.startsWith('history'))
      await page.locator('.history-chart canvas, .history-chart svg').first().waitFor();
    if (picture.exportControl) await page.locator('.power-chart canvas').waitFor();
    await page.evaluate(() => document.fonts.ready);
    const cdp = await context.newCDPSession(page);
    const { data } = await cdp.send(
      'Page.captureScreenshot',
      format === 'webp' ? { format, quality: 82 } : { format },
    );
    const file = path.join(outDir, `${picture.file}.${format}`);
    writeFileSync(file, Buffer.from(data, 'base64'));
    process.stdout.write(`${path.relative(root, file)}: ${statSync(file).size} B\n`);
    if (errors.length > 0) throw new Error(`${picture.file}: console errors: ${errors.join('; ')}`);
    await context.close();
  }
} catch (error) {
  failed = true;
  process.stderr.write(`Screenshots failed: ${error.message}\n`);
} finally {
  await browser?.close();
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  if (smoke) rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
