import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(e2eDir, '..');
// E2E_WEB_DIST lets several builds be tested side by side (one per engineer on a shared machine).
const webDist = process.env['E2E_WEB_DIST'] ?? path.join(root, 'web/dist');

/** Debian's Chromium (architecture §6.10): CHROMIUM_PATH, else `which chromium`; never a download. */
function chromiumPath(): string {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv) return fromEnv;
  try {
    return execSync('which chromium', { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'Chromium not found: install the Debian package "chromium" or set CHROMIUM_PATH',
    );
  }
}

function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

// Set once in the runner; the workers inherit the environment, so they see the same values.
process.env['E2E_PORT'] ??= freePort();
process.env['E2E_REBOOT_PORT'] ??= freePort();
process.env['E2E_MAINT_PORT'] ??= freePort();
process.env['E2E_FIRMWARE_PORT'] ??= freePort();
process.env['E2E_FIRMWARE_UI_PORT'] ??= freePort();
process.env['E2E_TMP'] ??= mkdtempSync(path.join(tmpdir(), 'heliodtu-e2e-'));
const tmp = process.env['E2E_TMP'];

if (!existsSync(path.join(webDist, 'index.html'))) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
// The firmware layout (one js/app.js.gz, on Preact) gets a gateway of its own.
const firmwareDist = process.env['E2E_FIRMWARE_DIST'] ?? path.join(root, 'web/dist-firmware');
if (!existsSync(path.join(firmwareDist, 'js/app.js.gz'))) {
  execSync('npm run build:firmware', { cwd: root, stdio: 'inherit' });
}

const BASE_URL = `http://127.0.0.1:${process.env['E2E_PORT']}/`;

/** The real gateway serving the production build, seeded, at a simulated June noon. */
function gateway(port: string, name: string, extra: Record<string, string> = {}) {
  return {
    command: 'node --import tsx ../server/src/main.ts',
    cwd: e2eDir,
    url: `http://127.0.0.1:${port}/api/system/status`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, name),
      WEB_DIST: webDist,
      SIM_SEED: '42',
      SIM_START: '2025-06-21T12:00:00',
      REBOOT_DELAY: '1',
      E2E: '1',
      ...extra,
    },
  };
}

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalTeardown: './global-teardown.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    // The interface's service worker would answer requests that page.route() never sees; only
    // specs/installable.spec.ts lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
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
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'] },
  ],
  webServer: [
    gateway(process.env['E2E_PORT'], 'data'),
    // A second gateway for the reboot spec, so its restart cannot disturb the other specs.
    gateway(process.env['E2E_REBOOT_PORT'], 'reboot-data', { SIM_FLEET: 'none' }),
    // One each for the config-admin and firmware specs: both restart their gateway, and the
    // two files may run at the same time.
    gateway(process.env['E2E_MAINT_PORT'], 'maint-data'),
    gateway(process.env['E2E_FIRMWARE_PORT'], 'firmware-data', { SIM_FLEET: 'none' }),
    gateway(process.env['E2E_FIRMWARE_UI_PORT'], 'firmware-ui-data', { WEB_DIST: firmwareDist }),
  ],
});
