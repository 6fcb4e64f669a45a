#!/usr/bin/env node
// Devices on a broker (issue 37): 50 sites × 4 inverters × 4 strings publish OpenDTU's topic
// tree to one real Mosquitto every 5 s (one synthetic MQTT client, bench/lib/mqtt-sites.mjs, not
// 50 gateway processes), and a companion (the built server, npm start's node flags, history
// on as an owner runs it) fronts the 50 sites as 50 mqtt:// devices. Prints the companion's CPU
// (% of one core) and RSS over a steady window, and the delay from a site's publish of an
// inverter (its last topic of the run sent) to that inverter's frame on a /livedata socket of
// the companion (p50, p95, max). Asserts nothing; stops by itself within 60 s.
//
//   node bench/companion-mqtt.mjs
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { buildServer, SERVER_NODE_FLAGS, serverBuildStale } from '../scripts/build-server.mjs';
import {
  cpuSeconds,
  fmt,
  memory,
  pickPort,
  sleep,
  startServer,
  stopServer,
} from './lib/bench-server.mjs';
import { AUTH } from './lib/device-login.mjs';
import { percentile } from './lib/live-clients.mjs';
import { startMosquitto } from './lib/mosquitto.mjs';
import { sitePrefix, startMqttSites } from './lib/mqtt-sites.mjs';
import { benchScratch } from './lib/time-limit.mjs';

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

const out = (text) => process.stdout.write(text);
const started = Date.now();
let broker;
let sites;
let companion;
let socket;

const { tempDir, cleanUp } = benchScratch({
  name: 'companion-mqtt',
  limitMs: HARD_LIMIT_MS,
  async release() {
    socket?.terminate();
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
    env: { DTU_URL: siteList.join(',') },
    ready: async (url) => (await liveInverters(url)) >= SITES * INVERTERS,
    timeoutMs: 30_000,
  });
  out(
    `companion-mqtt: ${SITES} sites × ${INVERTERS} inverters × ${STRINGS} strings on one Mosquitto,` +
      ` every ${INTERVAL_MS / 1000} s, behind one companion (${companion.kind},` +
      ` ${SERVER_NODE_FLAGS.join(' ')}, history on); ${MEASURE_MS / 1000} s after` +
      ` ${WARM_UP_MS / 1000} s warm-up (set up in ${fmt((Date.now() - started) / 1000)} s)\n`,
  );

  // Publish → frame: an inverter's run (its tx_request) matched with the time it was sent.
  let measuring = false;
  const delays = [];
  const seen = new Set();
  let frames = 0;
  socket = new WebSocket(`${companion.url.replace('http', 'ws')}/livedata`, {
    headers: { authorization: AUTH },
  });
  socket.on('message', (data) => {
    if (!measuring) return;
    const at = performance.now();
    frames += 1;
    let frame;
    try {
      frame = JSON.parse(String(data));
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
  });
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
    `Site publish → /livedata frame (${delays.length} inverter runs in ${frames} frames):` +
      ` p50 ${fmt(percentile(sorted, 50))} ms, p95 ${fmt(percentile(sorted, 95))} ms,` +
      ` max ${fmt(sorted.at(-1))} ms (the link holds an inverter's frame ${FRAME_SETTLE_MS} ms` +
      ' for the rest of its run)\n',
  );
  out(`companion-mqtt bench: done in ${fmt((Date.now() - started) / 1000)} s\n`);
} finally {
  await cleanUp();
}
