#!/usr/bin/env node
/* global document -- the live view's check runs in the page */
// The companion in front of a device (issue 24): a simulated gateway plays the device, a
// counting TCP proxy (bench/lib/counting-proxy.mjs) sits where the device's address is, and a
// companion gateway (DTU_URL, npm start's node flags, history on as an owner runs it) stands in
// front. Prints: REST p50/p99 through the companion against straight to the device, the time
// from a device restart to the next live frame in a real Chromium page of the interface, the
// companion's RSS idle and under 100 browsers, and what reaches the device (connections,
// /livedata sockets, requests per second) for 1, 10 and 100 simulated browsers. Targets are
// printed beside the figures; the benchmark asserts nothing.
//
//   node bench/companion.mjs
//   BENCH_WEB_DIST=<dir>  another build (default web/dist; built into a temp dir when missing)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { buildServer, SERVER_NODE_FLAGS, serverBuildStale } from '../scripts/build-server.mjs';
import {
  fmt,
  memory,
  pickPort,
  root,
  sleep,
  startServer,
  stopServer,
} from './lib/bench-server.mjs';
import { latencies, simulatedBrowser, watchFrames } from './lib/companion-clients.mjs';
import { startCountingProxy } from './lib/counting-proxy.mjs';
import { PASSWORD } from './lib/device-login.mjs';
import { benchScratch } from './lib/time-limit.mjs';
import { benchWebDist } from './lib/web-dist.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// bench/run-all.mjs stops a benchmark after 180 s.
const HARD_LIMIT_MS = 175_000;
const REST_RUNS = Number(process.env.BENCH_REST_RUNS ?? 200);
const BROWSERS = [1, 10, 100];
const PHASE_MS = 10_000;
/** Device restarts measured: kill and start at once, then one with the device away 10 s (a reboot). */
const RESTART_OUTAGES_MS = [0, 0, 10_000];
/** The browsers' poll of /api/livedata/status: every second, the most any page asks. */
const POLL_MS = 1000;
const TARGETS = { overheadMs: 2, restartMs: 3000, rssMiB: 90, deviceSockets: 1, statusPerS: 1 };

const DEVICE_ENV = { SIM_FLEET: 'demo', SIM_START: '2025-06-21T12:00:00', HISTORY: 'off' };

const out = (text) => process.stdout.write(text);
let device;
let companion;
let proxy;
let browser;
const clients = [];

const { tempDir, cleanUp } = benchScratch({
  name: 'companion',
  limitMs: HARD_LIMIT_MS,
  async release() {
    for (const client of clients) client.stop();
    await browser?.close().catch(() => {});
    await stopServer(companion);
    await stopServer(device);
    await proxy?.close();
  },
});

const webDist = () => benchWebDist({ root, tempDir, out, prefix: 'companion-bench-dist-' });

const ok = async (url, init) => (await fetch(url, init)).status === 200;

async function startDevice(port, dataDir) {
  return startServer({
    port,
    dataDir,
    env: DEVICE_ENV,
    ready: (url) => ok(`${url}/api/system/status`),
  });
}

/** The companion's own view of the device: its live socket is open. */
async function deviceReachable(url) {
  const status = await (await fetch(`${url}/api/companion/status`)).json();
  return status.devices?.[0]?.reachable === true;
}

async function browsersPhase(count) {
  const started = Array.from({ length: count }, () => simulatedBrowser(companion.url, POLL_MS));
  clients.push(...started);
  await Promise.all(started.map((b) => b.opened));
  await sleep(2000); // every poll under way, the welcome frames out of the way
  const before = proxy.counts();
  const statsBefore = started.map((b) => ({ ...b.stats }));
  proxy.takePeak();
  const from = performance.now();
  await sleep(PHASE_MS);
  const seconds = (performance.now() - from) / 1000;
  const after = proxy.counts();
  const peakConnections = proxy.takePeak();
  const mem = await memory(companion.child.pid);
  const delta = (key) => started.reduce((sum, b, i) => sum + b.stats[key] - statsBefore[i][key], 0);
  const statusRequests =
    (after.byPath.get('/api/livedata/status') ?? 0) -
    (before.byPath.get('/api/livedata/status') ?? 0);
  const row = {
    count,
    openConnections: proxy.openConnections(),
    peakConnections,
    newConnections: after.opened - before.opened,
    deviceSockets: proxy.openSockets('/livedata'),
    requestsPerS: (after.requests - before.requests) / seconds,
    statusPerS: statusRequests / seconds,
    // A window of s seconds holds s requests a second apart, or s + 1 when one falls on each edge.
    statusWithinTarget: statusRequests <= Math.floor(seconds * TARGETS.statusPerS) + 1,
    browserPollsPerS: (delta('polls') + delta('failed')) / seconds,
    failed: delta('failed'),
    framesPerBrowserPerS: delta('frames') / count / seconds,
    rss: mem.rss,
  };
  for (const b of started) b.stop();
  clients.length = 0;
  return row;
}

/** Polls the device itself (not through the proxy) until it answers; the epoch ms it did. */
async function firstAnswer(url) {
  for (;;) {
    const answered = await ok(`${url}/api/system/status`).catch(() => false);
    if (answered) return performance.timeOrigin + performance.now();
    await sleep(20);
  }
}

/**
 * Kill the device (SIGKILL, a power cut), leave it away `outageMs`, start it on the same port.
 * Times from its first answer: the companion's new /livedata socket to it (the device's 101 at the proxy)
 * and the first live frame the Chromium page receives after that.
 */
async function restart(page, frames, devicePort, deviceDir, outageMs) {
  const exited = new Promise((resolve) => device.child.once('exit', resolve));
  device.child.kill('SIGKILL');
  await exited;
  const killedAt = performance.timeOrigin + performance.now();
  await sleep(outageMs);
  const answered = firstAnswer(`http://127.0.0.1:${devicePort}`);
  device = await startDevice(devicePort, deviceDir);
  const answeredAt = await answered;
  const end = Date.now() + 60_000;
  let linkedAt;
  while ((linkedAt = proxy.upgradeAfter('/livedata', killedAt)) === undefined) {
    if (Date.now() > end)
      throw new Error('the companion did not open a socket to the device again');
    await sleep(10);
  }
  const frameAt = await frames.nextAfter(linkedAt, 30_000);
  // The page's own check: the live view shows a power figure again.
  await page.waitForFunction(() => /\d\s?W(?![a-z])/.test(document.body.innerText), null, {
    timeout: 10_000,
  });
  return {
    downMs: answeredAt - killedAt,
    toLinkMs: linkedAt - answeredAt,
    toFrameMs: frameAt - answeredAt,
  };
}

const verdict = (value, target) => (value <= target ? 'PASS' : 'OVER');
const ms = (value) => `${fmt(value, 2)} ms`;

try {
  if (serverBuildStale()) {
    out('server/dist is missing or older than its sources: building it\n');
    await buildServer();
  }
  const dist = webDist();
  const devicePort = await pickPort();
  const deviceDir = tempDir('companion-bench-device-');
  device = await startDevice(devicePort, deviceDir);
  proxy = await startCountingProxy({ port: await pickPort(), targetPort: devicePort });
  companion = await startServer({
    port: await pickPort(),
    dataDir: tempDir('companion-bench-companion-'),
    nodeArgs: SERVER_NODE_FLAGS,
    env: { DTU_URL: proxy.url, DTU_PASSWORD: PASSWORD, WEB_DIST: dist },
    ready: deviceReachable,
  });
  await sleep(5000);
  const idle = await memory(companion.child.pid);

  out(
    `Companion: a simulated device (demo fleet, 3 inverters) behind a counting proxy, the companion` +
      ` (${companion.kind}, ${SERVER_NODE_FLAGS.join(' ')}, history on) in front of it;` +
      ` machine load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n\n`,
  );

  // REST: both paths cross the proxy once, so the overhead is the companion's own.
  const endpoints = [
    { path: '/api/ntp/config', what: 'relayed, not cached', target: TARGETS.overheadMs },
    { path: '/api/livedata/status', what: 'cached ≤ 1 s' },
    { path: '/api/system/status', what: 'cached ≤ 1 s' },
  ];
  out(
    `REST, ${REST_RUNS} sequential GETs each (after 20 to warm up), direct to the device and` +
      ' through the companion alternately; both through the proxy\n' +
      'endpoint               kind                  direct p50 / p99      companion p50 / p99    overhead p50\n',
  );
  for (const endpoint of endpoints) {
    const [direct, relayed] = await latencies([proxy.url, companion.url], endpoint.path, REST_RUNS);
    const overhead = relayed.p50 - direct.p50;
    const mark =
      endpoint.target === undefined
        ? '(no target: a cached read)'
        : `target ≤ ${endpoint.target} ms ${verdict(overhead, endpoint.target)}`;
    out(
      `${endpoint.path.padEnd(22)} ${endpoint.what.padEnd(21)} ` +
        `${`${ms(direct.p50)} / ${ms(direct.p99)}`.padEnd(21)} ` +
        `${`${ms(relayed.p50)} / ${ms(relayed.p99)}`.padEnd(22)} ` +
        `${`${overhead >= 0 ? '+' : ''}${ms(overhead)}`.padStart(10)}  ${mark}\n`,
    );
  }

  // Browsers: what the device sees stays the same however many there are.
  const rows = [];
  for (const count of BROWSERS) rows.push(await browsersPhase(count));
  out(
    `\nSimulated browsers (a /livedata socket each + GET /api/livedata/status every ${POLL_MS / 1000} s),` +
      ` ${PHASE_MS / 1000} s per phase; "device" = what reaches it through the proxy\n` +
      'browsers | device conns open (peak, new) | device /livedata sockets | device req/s | of which livedata/status | browser polls/s (failed) | frames/s per browser | companion RSS MiB\n' +
      '-------- | ----------------------------- | ------------------------ | ------------ | ------------------------ | ------------------------ | -------------------- | -----------------\n',
  );
  for (const r of rows) {
    out(
      `${String(r.count).padStart(8)} | ${`${r.openConnections} (${r.peakConnections}, ${r.newConnections})`.padStart(29)} | ` +
        `${`${r.deviceSockets} ${verdict(r.deviceSockets, TARGETS.deviceSockets)}`.padStart(24)} | ` +
        `${fmt(r.requestsPerS, 2).padStart(12)} | ` +
        `${`${fmt(r.statusPerS, 2)} ${r.statusWithinTarget ? 'PASS' : 'OVER'}`.padStart(24)} | ` +
        `${`${fmt(r.browserPollsPerS)} (${r.failed})`.padStart(24)} | ` +
        `${fmt(r.framesPerBrowserPerS, 2).padStart(20)} | ${fmt(r.rss).padStart(17)}\n`,
    );
  }
  out(
    `targets: one /livedata socket to the device and ≤ ${TARGETS.statusPerS} livedata/status request/s (one more in the window at its edges)` +
      ' however many browsers (straight to the device, 100 browsers would be 100 sockets and 100 requests/s)\n',
  );
  const loaded = rows.at(-1);
  const peak = await memory(companion.child.pid);
  out(
    `\nCompanion RSS: idle ${fmt(idle.rss)} MiB (target ≤ ${TARGETS.rssMiB} MiB ${verdict(idle.rss, TARGETS.rssMiB)}),` +
      ` with 100 browsers ${fmt(loaded.rss)} MiB (${verdict(loaded.rss, TARGETS.rssMiB)}),` +
      ` peak ${fmt(peak.peak)} MiB (${verdict(peak.peak, TARGETS.rssMiB)})\n`,
  );

  // Device restarts, seen by the interface in Chromium.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const page = await browser.newPage();
  const frames = watchFrames(page);
  const opened = performance.timeOrigin + performance.now();
  await page.goto(`${companion.url}/`);
  await frames.nextAfter(opened, 30_000);
  const restarts = [];
  for (const outageMs of RESTART_OUTAGES_MS) {
    restarts.push({ outageMs, ...(await restart(page, frames, devicePort, deviceDir, outageMs)) });
    // The companion's link settles (its back-off starts from 1 s again after a connection).
    await sleep(1500);
  }
  out(
    '\nDevice restart → live data in the browser: the built interface in Chromium on the companion;' +
      ' the device killed (SIGKILL) and started again on its port.\n' +
      "Clock: from the device's first 200 on /api/system/status (polled every 20 ms) to the companion's" +
      " socket to it (the device's 101 at the proxy) and to the first live frame the page receives after that.\n" +
      'away before restart | device down (kill → answers) | answers → companion socket | answers → frame in the browser | target\n',
  );
  for (const r of restarts) {
    out(
      `${`${fmt(r.outageMs / 1000, 0)} s`.padStart(19)} | ${`${fmt(r.downMs / 1000, 2)} s`.padStart(28)} | ` +
        `${`${fmt(r.toLinkMs / 1000, 2)} s`.padStart(25)} | ` +
        `${`${fmt(r.toFrameMs / 1000, 2)} s`.padStart(30)} | ≤ ${TARGETS.restartMs / 1000} s ${verdict(r.toFrameMs, TARGETS.restartMs)}\n`,
    );
  }
  out(
    `The page kept ${frames.sockets() === 1 ? 'its one' : `${frames.sockets()}`} socket to the companion;` +
      ' the companion retries the device 1 s doubling to 30 s, and at once when a knock (HEAD / every' +
      ' second while nothing answers) gets an answer, so the wait does not grow with the outage. A real' +
      ' OpenDTU may hold its first frame up to 10 s; the simulated device sends every inverter at once.\n',
  );
} finally {
  await cleanUp();
}
