#!/usr/bin/env node
// Devices on a broker (issue 37): 50 sites × 4 inverters × 4 strings publish OpenDTU's topic
// tree to one real Mosquitto every 5 s (one synthetic MQTT client, bench/lib/mqtt-sites.mjs, not
// 50 gateway processes), and a companion (the built server, npm start's node flags, history
// on as an owner runs it) fronts the 50 sites as 50 mqtt:// devices. Prints the companion's CPU
// (% of one core) and RSS over a steady window, and the delay from a site's publish of an
// inverter (its last topic of the run sent) to that inverter's frame in the browser: the built
// interface's live view in Chromium, its /livedata socket's frames as Chromium receives them
// (p50, p95, max). Asserts nothing; stops by itself within 60 s.
//
//   node bench/companion-mqtt.mjs
//   BENCH_WEB_DIST=<dir>  another build (default web/dist; built into a temp dir when missing)
//   CHROMIUM_PATH=<file>  another Chromium (default /usr/bin/chromium)
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { buildServer, SERVER_NODE_FLAGS, serverBuildStale } from '../scripts/build-server.mjs';
import {
  cpuSeconds,
  fmt,
  memory,
  pickPort,
  root,
  sleep,
  startServer,
  stopServer,
} from './lib/bench-server.mjs';
import { percentile } from './lib/live-clients.mjs';
import { startMosquitto } from './lib/mosquitto.mjs';
import { sitePrefix, startMqttSites } from './lib/mqtt-sites.mjs';
import { benchScratch } from './lib/time-limit.mjs';
import { benchWebDist } from './lib/web-dist.mjs';

const HARD_LIMIT_MS = 60_000;
const SITES = 50;
const INVERTERS = 4;
const STRINGS = 4;
const INTERVAL_MS = 5_000;
const WARM_UP_MS = 5_000;
/** Six publish runs of every site. */
const MEASURE_MS = 30_000;
/** mqtt-device-link.ts: an inverter's frame waits this long after its first topic of a run. */
const FRAME_SETTLE_MS = 200;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const out = (text) => process.stdout.write(text);
const started = Date.now();
let broker;
let sites;
let companion;
let browser;

const { tempDir, cleanUp } = benchScratch({
  name: 'companion-mqtt',
  limitMs: HARD_LIMIT_MS,
  async release() {
    await browser?.close().catch(() => {});
    await stopServer(companion);
    await sites?.stop().catch(() => {});
    await broker?.dispose();
  },
});

/** Inverters in the companion's merged live data. */
async function liveInverters(url) {
  const answer = await fetch(`${url}/api/livedata/status`);
  return answer.status === 200 ? ((await answer.json()).inverters?.length ?? 0) : 0;
}

try {
  if (serverBuildStale()) {
    out('server/dist is missing or older than its sources: building it\n');
    await buildServer();
  }
  broker = await startMosquitto(await pickPort(18830, 18839));
  sites = await startMqttSites({
    url: broker.url,
    sites: SITES,
    inverters: INVERTERS,
    strings: STRINGS,
    intervalMs: INTERVAL_MS,
  });
  const siteList = Array.from(
    { length: SITES },
    (_, s) => `Site${s + 1}=${broker.url}/${sitePrefix(s)}`,
  );
  companion = await startServer({
    port: await pickPort(),
    dataDir: tempDir('companion-mqtt-'),
    nodeArgs: SERVER_NODE_FLAGS,
    env: {
      DTU_URL: siteList.join(','),
      WEB_DIST: benchWebDist({ root, tempDir, out, prefix: 'companion-mqtt-dist-' }),
    },
    ready: async (url) => (await liveInverters(url)) >= SITES * INVERTERS,
    timeoutMs: 30_000,
  });
  out(
    `companion-mqtt: ${SITES} sites × ${INVERTERS} inverters × ${STRINGS} strings on one Mosquitto,` +
      ` every ${INTERVAL_MS / 1000} s, behind one companion (${companion.kind},` +
      ` ${SERVER_NODE_FLAGS.join(' ')}, history on); ${MEASURE_MS / 1000} s after` +
      ` ${WARM_UP_MS / 1000} s warm-up (set up in ${fmt((Date.now() - started) / 1000)} s)\n`,
  );

  // Publish → frame: an inverter's run (its tx_request) matched with the time it was sent,
  // both on this process's clock (Playwright hands over Chromium's socket frames as they come).
  let measuring = false;
  const delays = [];
  const seen = new Set();
  let frames = 0;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/livedata')) return;
    socket.on('framereceived', ({ payload }) => onFrame(payload));
  });
  await page.goto(`${companion.url}/`);
  await page.getByRole('tab').first().waitFor({ timeout: 20_000 });
  function onFrame(payload) {
    if (!measuring || typeof payload !== 'string') return;
    const at = performance.now();
    frames += 1;
    let frame;
    try {
      frame = JSON.parse(payload);
    } catch {
      return;
    }
    for (const inverter of frame.inverters ?? []) {
      const run = inverter.radio_stats?.tx_request;
      const key = `${inverter.serial}|${run}`;
      // The socket repeats an unchanged inverter now and then: only its first arrival counts.
      if (run === undefined || seen.has(key)) continue;
      seen.add(key);
      const sent = sites.publishedAt(inverter.serial, run);
      if (sent !== undefined) delays.push(at - sent);
    }
  }
  await sleep(WARM_UP_MS);
  measuring = true;
  const pid = companion.child.pid;
  const [cpu0, t0, messages0] = [await cpuSeconds(pid), performance.now(), sites.messages()];
  await sleep(MEASURE_MS);
  const [cpu1, t1, messages1] = [await cpuSeconds(pid), performance.now(), sites.messages()];
  measuring = false;
  const rss = await memory(pid);
  const seconds = (t1 - t0) / 1000;
  const cpuPercent = ((cpu1 - cpu0) * 100) / seconds;
  out(
    `Broker: ${fmt((messages1 - messages0) / seconds, 0)} messages/s published;` +
      ` companion CPU ${fmt(cpuPercent)} % of a core (${fmt(((cpu1 - cpu0) * 1000) / seconds)} ms` +
      ` user+system per s), RSS ${fmt(rss.rss)} MiB (peak ${fmt(rss.peak)} MiB)\n`,
  );
  const sorted = [...delays].sort((a, b) => a - b);
  out(
    `Site publish → frame in Chromium's live view (${delays.length} inverter runs in ${frames} frames):` +
      ` p50 ${fmt(percentile(sorted, 50))} ms, p95 ${fmt(percentile(sorted, 95))} ms,` +
      ` max ${fmt(sorted.at(-1))} ms (the link holds an inverter's frame ${FRAME_SETTLE_MS} ms` +
      ' for the rest of its run)\n',
  );
  out(`companion-mqtt bench: done in ${fmt((Date.now() - started) / 1000)} s\n`);
} finally {
  await cleanUp();
}
