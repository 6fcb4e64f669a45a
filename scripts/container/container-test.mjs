#!/usr/bin/env node
// The container test (a step of `npm test`): builds the image with Podman and runs it for real,
// as an owner would (README, "In a container"). Each step counts as one test; the report
// (test-results/container.json) holds them and the figures: image size, what it adds to its
// base image, build time and stop time. Skipped with one line only where Podman cannot run.
//   CONTAINER_BUILD=cold  builds without the layer cache (to measure a first build)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dayBucketCount, get, liveInverters, postSetting } from './gateway-http.mjs';
import { figuresLine, imageContentProblems, imageHealthcheck } from './image-contents.mjs';
import {
  freeLocalPort,
  imageBytes,
  leftBehind,
  podman,
  podmanQuiet,
  removeStaleStages,
  volumeNames,
  waitFor,
  waitHealthy,
  whyNoPodman,
} from './podman.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const reports = path.join(root, 'test-results');
const reportFile = path.join(reports, 'container.json');
const BASE_IMAGE = 'docker.io/library/node:20-bookworm-slim';
const STOP_LIMIT_S = 10;
const prefix = `heliodtu-test-${process.pid}`;
const image = `localhost/heliodtu:test-${process.pid}`;
const names = { gateway: `${prefix}-gateway`, companion: `${prefix}-companion` };
const volume = `${prefix}-data`;
const network = `${prefix}-net`;
const secret = `${prefix}-dtu-password`;
const defaultLogin = { user: 'admin', password: 'openDTU42' };
const newLogin = { user: 'admin', password: 'container-secret-36' };
// A June noon at a minute per second: production at once, a 5-minute bucket every 5 s.
const SIM_DAY = '2025-06-21';
const tests = [];
const figures = {};
let buildOutput = '';
let volumesBefore = new Set();
mkdirSync(reports, { recursive: true });

async function step(name, body) {
  const started = Date.now();
  try {
    await body();
    tests.push({ name, status: 'passed', ms: Date.now() - started });
    process.stdout.write(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  } catch (error) {
    tests.push({ name, status: 'failed', ms: Date.now() - started, error: error.message });
    process.stdout.write(`  ✘ ${name}\n    ${error.message.replaceAll('\n', '\n    ')}\n`);
    throw error;
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** Starts the gateway image; the port it is published on (127.0.0.1 only). */
async function startContainer(name, env, extra = []) {
  const port = await freeLocalPort();
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  await podman([
    ...['run', '--detach', '--name', name, '--network', network],
    ...['--publish', `127.0.0.1:${port}:8080`, ...envArgs, ...extra, image],
  ]);
  return port;
}

/** yield.json's save time (device ms), read from the volume by a throw-away container. */
async function yieldSavedAt() {
  const text = await podman([
    ...['run', '--rm', '--network', 'none', '--volume', `${volume}:/data`],
    ...['--entrypoint', 'cat', image, '/data/.heliodtu/yield.json'],
  ]);
  return JSON.parse(text).savedAt;
}

const gatewayEnv = {
  SIM_START: `${SIM_DAY}T12:00:00`,
  SIM_SPEED: '60',
  HISTORY_BACKFILL_DAYS: '0',
};

/**
 * The machine's CA bundle for npm inside the build: where the registry is reached through a
 * TLS proxy (as on the project's own machines), npm and Node trust it only when given it.
 */
function caBundleArgs() {
  const bundle = '/etc/ssl/certs/ca-certificates.crt';
  if (!existsSync(bundle)) return [];
  return [
    ...['--volume', `${bundle}:${bundle}:ro`],
    ...['--build-arg', `npm_config_cafile=${bundle}`],
    ...['--build-arg', `NODE_EXTRA_CA_CERTS=${bundle}`],
  ];
}

async function main() {
  await step('prepares Podman and the base image (scripts/container/prepare-podman.sh)', () => {
    const result = spawnSync('bash', [path.join(root, 'scripts/container/prepare-podman.sh')], {
      stdio: 'inherit',
      timeout: 300_000,
    });
    expect(result.status === 0, `prepare-podman.sh exited with ${result.status}`);
  });
  volumesBefore = await volumeNames();

  await step('builds the image (--format docker, the layer cache reused)', async () => {
    const cold = process.env.CONTAINER_BUILD === 'cold';
    const started = Date.now();
    const output = await podman(
      [
        'build',
        '--format',
        'docker',
        '--pull=never',
        '--network',
        'host',
        ...(cold ? ['--no-cache'] : []),
        ...caBundleArgs(),
        '--tag',
        image,
        root,
      ],
      { timeoutMs: 480_000 },
    );
    writeFileSync(path.join(reports, 'container-build.log'), output);
    buildOutput = output;
    figures.buildSeconds = (Date.now() - started) / 1000;
    figures.layersFromCache = output
      .split('\n')
      .filter((l) => l.startsWith('--> Using cache')).length;
    figures.imageMB = (await imageBytes(image)) / 1e6;
    figures.baseMB = (await imageBytes(BASE_IMAGE)) / 1e6;
    const health = await imageHealthcheck(image);
    expect(health.includes('healthcheck.mjs'), `the image lost its HEALTHCHECK: ${health}`);
  });

  await step(
    'the image holds only what runs: no dev dependencies, compilers or sources',
    async () => {
      const problems = await imageContentProblems(image);
      expect(problems.length === 0, `the image: ${problems.join('; ')}`);
    },
  );

  let port;
  let bucketsBeforeStop;
  let serials;
  await step('starts on a fresh volume and its health check passes', async () => {
    await podman(['volume', 'create', volume]);
    await podman(['network', 'create', network]);
    port = await startContainer(names.gateway, gatewayEnv, ['--volume', `${volume}:/data`]);
    figures.healthySeconds = (await waitHealthy(names.gateway)) / 1000;
  });

  await step('logs in and changes a setting (the admin password)', async () => {
    expect((await get(port, '/api/security/config', defaultLogin)).status === 200, 'login failed');
    const saved = await postSetting(
      port,
      '/api/security/config',
      { ...newLogin, allow_readonly: true },
      defaultLogin,
    );
    expect(saved.body.type === 'success', `setting refused: ${JSON.stringify(saved.body)}`);
    expect(
      (await get(port, '/api/security/config', newLogin)).status === 200,
      'new password refused',
    );
  });

  await step('sends live data over /livedata', async () => {
    const live = await liveInverters(port, 3);
    serials = live.serials;
    expect(live.total.Power.v > 0, `no power at a June noon: ${live.total.Power.v} W`);
  });

  await step('stops on SIGTERM within 10 s, with history and yield.json written', async () => {
    bucketsBeforeStop = await waitFor('three 5-minute history buckets', async () =>
      (await dayBucketCount(port, SIM_DAY)) >= 3 ? dayBucketCount(port, SIM_DAY) : 0,
    );
    const savedBefore = await podman(['exec', names.gateway, 'cat', '/data/.heliodtu/yield.json'])
      .then((text) => JSON.parse(text).savedAt)
      .catch(() => 0);
    const started = Date.now();
    await podman(['stop', '--time', String(STOP_LIMIT_S), names.gateway], { timeoutMs: 30_000 });
    figures.stopSeconds = (Date.now() - started) / 1000;
    const exit = await podman(['inspect', '--format', '{{.State.ExitCode}}', names.gateway]);
    expect(exit === '0', `exit code ${exit} (137: killed after ${STOP_LIMIT_S} s)`);
    expect(figures.stopSeconds < STOP_LIMIT_S, `stop took ${figures.stopSeconds} s`);
    const logs = await podman(['logs', names.gateway]);
    expect(logs.includes('HelioDTU stopped'), 'no "HelioDTU stopped" in its log');
    const savedAfter = await yieldSavedAt();
    expect(
      savedAfter > savedBefore,
      `yield.json not written on stop (${savedBefore} → ${savedAfter})`,
    );
    await podman(['rm', '--volumes', names.gateway]);
  });

  await step(
    'starts again on the same volume: the setting and the day’s history are kept',
    async () => {
      // At real speed: what the day holds beyond its first bucket was recorded before the stop.
      port = await startContainer(names.gateway, { ...gatewayEnv, SIM_SPEED: '1' }, [
        '--volume',
        `${volume}:/data`,
      ]);
      await waitHealthy(names.gateway);
      expect((await get(port, '/api/security/config', newLogin)).status === 200, 'password lost');
      expect(
        (await get(port, '/api/security/config', defaultLogin)).status === 401,
        'old password works',
      );
      const buckets = await dayBucketCount(port, SIM_DAY);
      expect(
        buckets >= bucketsBeforeStop,
        `history: ${buckets} buckets, ${bucketsBeforeStop} before the stop`,
      );
    },
  );

  await step(
    'a second container runs as companion in front of the first (DTU_URL, a secret)',
    async () => {
      // From a file: Podman reads `-` only from a FIFO, not from Node's socket pipes.
      const folder = mkdtempSync(path.join(tmpdir(), 'heliodtu-secret-'));
      writeFileSync(path.join(folder, 'password'), `${newLogin.password}\n`, { mode: 0o600 });
      await podman(['secret', 'create', secret, path.join(folder, 'password')]).finally(() =>
        rmSync(folder, { recursive: true, force: true }),
      );
      const companionPort = await startContainer(
        names.companion,
        { DTU_URL: `http://${names.gateway}:8080`, DTU_PASSWORD_FILE: '/run/secrets/dtu-password' },
        ['--secret', `${secret},type=mount,target=dtu-password`],
      );
      await waitHealthy(names.companion);
      await waitFor(
        'the companion shows the first gateway’s inverters',
        async () => {
          const { body } = await get(companionPort, '/api/livedata/status');
          const seen = (body.inverters ?? []).map((inverter) => inverter.serial).sort();
          return JSON.stringify(seen) === JSON.stringify(serials);
        },
        { limitMs: 30_000 },
      );
      // Its admin screens reach the device with the password from the secret.
      const ntp = await get(companionPort, '/api/ntp/config', defaultLogin);
      expect(ntp.status === 200, `the device's settings through the companion: ${ntp.status}`);
    },
  );
}

async function cleanUp() {
  // --volumes: the companion's anonymous volume (the image's VOLUME) too.
  await podmanQuiet(['rm', '--force', '--volumes', '--time', '0', names.companion, names.gateway]);
  await podmanQuiet(['volume', 'rm', '--force', volume]);
  await podmanQuiet(['network', 'rm', '--force', network]);
  await podmanQuiet(['secret', 'rm', secret]);
  await podmanQuiet(['rmi', image]);
  await removeStaleStages(buildOutput);
}

const why = whyNoPodman();
if (why) {
  process.stdout.write(`Container test skipped: ${why}\n`);
  writeFileSync(reportFile, JSON.stringify({ skipped: why, tests: [] }, null, 2));
  process.exit(0);
}
const started = Date.now();
try {
  await main();
} catch {
  // Reported by its step; the rest depends on it.
} finally {
  await cleanUp();
}
if (tests.every((test) => test.status === 'passed')) {
  await step('removes what it made (containers, volumes, network, secret, image)', async () => {
    const left = await leftBehind({ prefix, image, volumesBefore });
    expect(left.length === 0, `left behind: ${left.join(', ')}`);
  }).catch(() => undefined);
}
figures.totalSeconds = (Date.now() - started) / 1000;
const passed = tests.filter((test) => test.status === 'passed').length;
writeFileSync(
  reportFile,
  JSON.stringify({ passed, failed: tests.length - passed, tests, figures }, null, 2),
);
process.stdout.write(`${figuresLine(figures, BASE_IMAGE)}\n`);
process.exit(passed === tests.length ? 0 : 1);
