#!/usr/bin/env node
/* global document -- the tab check runs in the page */
// Several devices behind one companion (issue 27): 5 simulated gateways, each with 10 HMT
// inverters × 6 strings (added through the OpenDTU API), and a companion (DTU_URL naming them,
// npm start's node flags, history on) in front; the built interface in Debian's Chromium on the
// overview. Prints the companion's CPU (% of one core) and RSS, the browser's main-thread time
// per socket message (Chromium's task accounting through the DevTools protocol) with 5 devices
// against 1 device of 10 inverters (target ≤ 1.5×), and the time from a device's message (a
// socket straight to the device) to the same inverter's frame in the browser. Asserts nothing;
// stops by itself within 120 s.
//
//   node bench/companion-devices.mjs
//   BENCH_WEB_DIST=<dir>  another build (default web/dist; built into a temp dir when missing)
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
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
import { AUTH, PASSWORD } from './lib/device-login.mjs';
import { percentile } from './lib/live-clients.mjs';
import { benchScratch } from './lib/time-limit.mjs';
import { benchWebDist } from './lib/web-dist.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HARD_LIMIT_MS = 118_000;
const DEVICES = 5;
const INVERTERS = 10;
const STRINGS = 6;
/** Seconds each companion is measured with the overview open, after a warm-up. */
const MEASURE_MS = 15_000;
const WARM_UP_MS = 4_000;
const TARGETS = { ratio: 1.5 };
const DEVICE_ENV = {
  SIM_FLEET: 'none',
  SIM_START: '2025-06-21T12:00:00',
  HISTORY: 'off',
};
const NAMES = ['Roof', 'Garage', 'Barn', 'Shed', 'Carport'];

const out = (text) => process.stdout.write(text);
const started = Date.now();
const devices = [];
let companion;
let browser;
let direct;

const { tempDir, cleanUp } = benchScratch({
  name: 'companion-devices',
  limitMs: HARD_LIMIT_MS,
  async release() {
    direct?.terminate();
    await browser?.close().catch(() => {});
    await stopServer(companion);
    await Promise.all(devices.map((device) => stopServer(device)));
  },
});

const webDist = () => benchWebDist({ root, tempDir, out, prefix: 'companion-devices-dist-' });

/** HMT 6-channel serials (family 1382), a production week per device so no two devices share one. */
const serialOf = (device, i) => `13829${String(10 + device)}${(0x21450 + i).toString(16)}`;

async function startDevice(index) {
  const device = await startServer({
    port: await pickPort(),
    dataDir: tempDir('companion-devices-sim-'),
    env: { ...DEVICE_ENV, SIM_SEED: String(index + 1) },
    ready: async (url) => (await fetch(`${url}/api/system/status`)).status === 200,
  });
  for (let i = 0; i < INVERTERS; i++) {
    const body = new FormData();
    body.append(
      'data',
      JSON.stringify({ serial: serialOf(index, i), name: `${NAMES[index]} ${i + 1}` }),
    );
    const answer = await fetch(`${device.url}/api/inverter/add`, {
      method: 'POST',
      headers: { authorization: AUTH },
      body,
    });
    if (answer.status !== 200) throw new Error(`inverter add: ${answer.status}`);
  }
  return device;
}

/** Inverters in the companion's merged live data. */
async function liveInverters(url) {
  const answer = await fetch(`${url}/api/livedata/status`);
  return answer.status === 200 ? ((await answer.json()).inverters?.length ?? 0) : 0;
}

async function startCompanion(list, dist) {
  const count = list.length * INVERTERS;
  const server = await startServer({
    port: await pickPort(),
    dataDir: tempDir('companion-devices-companion-'),
    nodeArgs: SERVER_NODE_FLAGS,
    env: {
      DTU_URL: list.map((device, i) => `${NAMES[i]}=${device.url}`).join(','),
      DTU_PASSWORD: PASSWORD,
      WEB_DIST: dist,
    },
    ready: async (url) => (await liveInverters(url)) >= count,
    timeoutMs: 40_000,
  });
  return server;
}

/** Counts the page's socket messages (the live view's own handler stays as it is). */
const PAGE_PROBE = () => {
  globalThis.__messages = 0;
  const descriptor = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    get() {
      return descriptor.get.call(this);
    },
    set(handler) {
      if (typeof handler !== 'function') descriptor.set.call(this, handler);
      else {
        descriptor.set.call(this, function counted(event) {
          globalThis.__messages += 1;
          handler.call(this, event);
        });
      }
    },
  });
};

/** A live frame's inverters by a key that says which device message it carries. */
const keysOf = (payload) => {
  try {
    const frame = JSON.parse(payload);
    return (frame.inverters ?? []).map(
      // A poll's own counters: the same figures sent again by the device are another message.
      (inv) =>
        `${inv.serial}|${inv.radio_stats?.tx_request}|${inv.radio_stats?.rx_success}|` +
        `${inv.AC?.['0']?.Power?.v}|${inv.INV?.['0']?.YieldDay?.v}`,
    );
  } catch {
    return [];
  }
};

/**
 * The overview with `server`'s live data for MEASURE_MS: main-thread ms per socket message,
 * the companion's CPU % of a core and RSS; `onFrame` sees every frame the page receives.
 */
/** True from the end of a warm-up to the end of its measurement. */
let warmedUp = false;

async function measure(server, onFrame) {
  warmedUp = false;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(PAGE_PROBE);
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/livedata')) return;
    socket.on('framereceived', ({ payload }) => {
      // The snapshot a new socket starts with is old news: only frames after the warm-up.
      if (typeof payload === 'string' && warmedUp) {
        onFrame?.(payload, performance.timeOrigin + performance.now());
      }
    });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(`${server.url}/`);
  await page.getByRole('tab').first().waitFor({ timeout: 20_000 });
  await page.getByRole('tab').first().click();
  await page.waitForFunction(
    () => document.querySelectorAll('[role="tab"]')[0]?.getAttribute('aria-selected') === 'true',
  );
  await sleep(WARM_UP_MS);
  warmedUp = true;
  const taskTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
  const messages = () => page.evaluate(() => globalThis.__messages);
  const [task0, count0, cpu0, t0] = [
    await taskTime(),
    await messages(),
    await cpuSeconds(server.child.pid),
    performance.now(),
  ];
  await sleep(MEASURE_MS);
  const [task1, count1, cpu1, t1] = [
    await taskTime(),
    await messages(),
    await cpuSeconds(server.child.pid),
    performance.now(),
  ];
  warmedUp = false;
  const rss = await memory(server.child.pid);
  await page.close();
  const count = count1 - count0;
  return {
    messages: count,
    perSecond: (count * 1000) / (t1 - t0),
    perMessageMs: ((task1 - task0) * 1000) / Math.max(1, count),
    perSecondMs: ((task1 - task0) * 1000 * 1000) / (t1 - t0),
    cpuPercent: ((cpu1 - cpu0) * 100_000) / (t1 - t0),
    rss,
  };
}

try {
  if (serverBuildStale()) {
    out('server/dist is missing or older than its sources: building it\n');
    await buildServer();
  }
  const dist = webDist();
  for (let i = 0; i < DEVICES; i++) devices.push(await startDevice(i));
  companion = await startCompanion(devices, dist);
  out(
    `companion-devices: ${DEVICES} simulated devices × ${INVERTERS} inverters × ${STRINGS} strings` +
      ` behind one companion (${companion.kind}, ${SERVER_NODE_FLAGS.join(' ')}, history on);` +
      ` the overview in Chromium, ${MEASURE_MS / 1000} s after ${WARM_UP_MS / 1000} s warm-up` +
      ` (set up in ${fmt((Date.now() - started) / 1000)} s)\n`,
  );
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });

  // Device → browser: the first device's messages on a socket straight to it, matched with the
  // same inverter figures in the page's frames (both clocks are this process's).
  const sentAt = new Map();
  const delays = [];
  direct = new WebSocket(`${devices[0].url.replace('http', 'ws')}/livedata`, {
    headers: { authorization: AUTH },
  });
  direct.on('message', (data) => {
    // Figures sent before the warm-up ended may reach the page only as the companion's
    // periodic repeat of the last frame: not a message's way through.
    if (!warmedUp) return;
    const at = performance.timeOrigin + performance.now();
    for (const key of keysOf(String(data))) if (!sentAt.has(key)) sentAt.set(key, at);
  });
  const five = await measure(companion, (payload, at) => {
    for (const key of keysOf(payload)) {
      const sent = sentAt.get(key);
      if (sent !== undefined) {
        delays.push(at - sent);
        sentAt.delete(key);
      }
    }
  });
  direct.terminate();
  direct = undefined;
  await stopServer(companion);

  companion = await startCompanion([devices[0]], dist);
  const one = await measure(companion);

  const row = (label, m) =>
    `${label}: ${m.messages} socket messages (${fmt(m.perSecond)}/s), main thread` +
    ` ${fmt(m.perMessageMs, 2)} ms per message (${fmt(m.perSecondMs)} ms per second); companion CPU ${fmt(m.cpuPercent)} % of a core,` +
    ` RSS ${fmt(m.rss.rss)} MiB (peak ${fmt(m.rss.peak)} MiB)\n`;
  out(row(`${DEVICES} devices (${DEVICES * INVERTERS} inverters)`, five));
  out(row(`1 device (${INVERTERS} inverters)`, one));
  const ratio = five.perMessageMs / one.perMessageMs;
  out(
    `Main thread per message, ${DEVICES} devices against 1: ${fmt(ratio, 2)}×` +
      ` (target ≤ ${TARGETS.ratio}× ${ratio <= TARGETS.ratio ? 'PASS' : 'OVER'})\n`,
  );
  const sorted = [...delays].sort((a, b) => a - b);
  out(
    `Device message → browser frame (first device, ${delays.length} matched inverter figures):` +
      ` p50 ${fmt(percentile(sorted, 50))} ms, p90 ${fmt(percentile(sorted, 90))} ms,` +
      ` max ${fmt(sorted.at(-1))} ms\n`,
  );
  out(`companion-devices bench: done in ${fmt((Date.now() - started) / 1000)} s\n`);
} finally {
  await cleanUp();
}
