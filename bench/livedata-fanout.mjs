#!/usr/bin/env node
// /livedata fan-out (architecture §5: one frame to every client): the real server with 10 inverters, 100, 500 and 1,000
// clients. The clients run in worker threads (bench/lib/live-clients-worker.mjs) so the spread
// measured is the server's sending, not one client loop working through its queue. The wire
// stays clean (no timestamps added): delivery spread = last minus first arrival of the same
// frame across all clients; missed = frames that reached the others but not this client.
// Server CPU and RSS come from /proc. Prints figures; asserts nothing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { analyse, startClients } from './lib/live-clients.mjs';
import { hardTimeLimit } from './lib/time-limit.mjs';
import {
  cpuSeconds,
  fmt,
  memory,
  pickPort,
  sleep,
  startServer,
  stopServer,
} from './lib/bench-server.mjs';

// FANOUT_PHASES=500,500 runs other phases (e.g. to see the noise of one figure).
const PHASES = (process.env.FANOUT_PHASES ?? '100,500,1000').split(',').map(Number);
const MEASURE_MS = 10_000;
// A frame first seen this close to the end is not counted: a loaded machine may hold a
// client thread back that long, and it would count as missed.
const GRACE_MS = 2000;
const WORKERS = 4;
// bench/run-all.mjs stops a benchmark after 120 s.
const HARD_LIMIT_MS = 110_000;

// 10 inverters of known families (serial prefixes of inverter-domain §1).
const FLEET = [
  ['112182350001', 1], // HM 1 channel
  ['114182350002', 2], // HM 2 channels
  ['116182350003', 4], // HM 4 channels
  ['112482350004', 1], // HMS 1 channel
  ['114482350005', 2], // HMS 2 channels
  ['116482350006', 4], // HMS 4 channels
  ['136182350007', 4], // HMT 4 channels
  ['138282350008', 6], // HMT 6 channels
  ['114182350009', 2], // HM 2 channels
  ['114482350010', 2], // HMS 2 channels
];

async function start(dataDir) {
  const inverters = FLEET.map(([serial, channels], order) => ({
    serial: Number.parseInt(serial, 16),
    name: `Bench ${order + 1}`,
    order,
    channel: Array.from({ length: channels }, (_, i) => ({ name: `S${i + 1}`, max_power: 420 })),
  }));
  // Poll every second and run time 10×: each inverter has new data about every second.
  await writeFile(
    path.join(dataDir, 'config.json'),
    JSON.stringify({ dtu: { poll_interval: 1 }, inverters }),
  );
  return startServer({
    port: await pickPort(),
    dataDir,
    env: { SIM_FLEET: 'none', SIM_START: '2025-06-21T12:00:00', SIM_SPEED: '10', SIM_SEED: '7' },
    ready: async (url) => {
      const body = await (await fetch(`${url}/api/livedata/status`)).json();
      return body.inverters.length === FLEET.length && body.inverters.some((i) => i.data_age < 5);
    },
  });
}

async function phase(server, count) {
  const url = server.url.replace('http', 'ws') + '/livedata';
  const clients = await startClients({ url, stayers: count, workers: WORKERS });
  await sleep(1500); // welcome messages out of the way
  const pid = server.child.pid;
  const cpuBefore = await cpuSeconds(pid);
  const started = Date.now();
  await clients.record();
  const from = performance.timeOrigin + performance.now();
  await sleep(MEASURE_MS);
  const cpu = ((await cpuSeconds(pid)) - cpuBefore) / ((Date.now() - started) / 1000);
  const mem = await memory(pid);
  // Frames under way when the window closed still reach their late receivers: the last
  // seconds of the recording only complete frames, they add none (analyse's grace).
  await sleep(GRACE_MS);
  const { sessions, endedAt } = await clients.stop();
  const result = analyse(sessions, { from, to: endedAt, graceMs: GRACE_MS });
  return { clients: count, seconds: (endedAt - GRACE_MS - from) / 1000, ...result, cpu, mem };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-bench-'));
  let server;
  // Over the limit the gateway is stopped too: no orphan server outlives the bench.
  const watchdog = hardTimeLimit('livedata-fanout', HARD_LIMIT_MS, async () => {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  });
  try {
    server = await start(dataDir);
    const idleBefore = await cpuSeconds(server.child.pid);
    await sleep(2000);
    const idle = ((await cpuSeconds(server.child.pid)) - idleBefore) / 2;
    const idleMem = await memory(server.child.pid);
    const rows = [];
    for (const count of PHASES) rows.push(await phase(server, count));

    const out = (text) => process.stdout.write(text);
    out(
      `\n/livedata fan-out: 10 inverters, poll 1 s at SIM_SPEED 10, ${MEASURE_MS / 1000} s per phase, ` +
        `clients in ${WORKERS} worker threads, server ${server.kind}\n` +
        `idle (0 clients): server CPU ${fmt(idle * 100)} %, RSS ${fmt(idleMem.rss)} MiB; ` +
        `machine load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n\n` +
        'clients | msgs/s | msgs to all | spread p50 ms | p99 ms | max ms | missed total | clients missing | max missed/client | dropped | CPU % | RSS MiB\n' +
        '------- | ------ | ----------- | ------------- | ------ | ------ | ------------ | --------------- | ----------------- | ------- | ----- | -------\n',
    );
    for (const r of rows) {
      out(
        `${String(r.clients).padStart(7)} | ${fmt(r.broadcasts / r.seconds).padStart(6)} | ` +
          `${`${r.complete}/${r.broadcasts}`.padStart(11)} | ${fmt(r.spreadP50, 2).padStart(13)} | ` +
          `${fmt(r.spreadP99, 2).padStart(6)} | ${fmt(r.spreadMax, 2).padStart(6)} | ` +
          `${String(r.missedTotal).padStart(12)} | ${String(r.clientsMissing).padStart(15)} | ` +
          `${String(r.missedMaxPerClient).padStart(17)} | ` +
          `${`${r.droppedByServer}${r.dropCodes.length ? ` (${r.dropCodes.join(',')})` : ''}`.padStart(7)} | ` +
          `${fmt(r.cpu * 100).padStart(5)} | ${fmt(r.mem.rss).padStart(7)}\n`,
      );
    }
    out(
      '\nspread = last minus first arrival of one frame across all clients; missed = frames that\n' +
        'reached at least half of the clients but not this one; dropped = closed by the server\n' +
        '(back-pressure). Clients share the 2 cores with the server. CPU % of one core.\n',
    );
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

main().catch((error) => {
  process.stderr.write(`livedata-fanout failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
