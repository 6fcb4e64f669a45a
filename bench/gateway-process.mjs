#!/usr/bin/env node
// The gateway process (issue 13 "A leaner gateway process"): the compiled server (server/dist,
// what `npm start` runs) against the TypeScript sources under tsx, in the same run, and `npm
// start` with HISTORY=off so the energy history's cost shows. Prints the time from spawn to the
// first 200 on /api/system/status (median of RUNS cold starts each), the time until the demo
// backfill is complete (it runs after listening), and the idle memory with the demo fleet after
// IDLE_MS, from /proc. Prints figures; asserts nothing.
//
// Backfill complete = the gateway's own report on its console (stdout), "History: N demo days
// backfilled …", written once the last simulated bucket is stored (history-service.ts). The
// history API has no progress field, and /api/history/range reaching today is no signal: at
// night in the demo's time zone the fleet has produced nothing today, so `last_day` stays on
// yesterday for good. The report comes at any hour and marks the real end, not a day boundary.
//
// BENCH_LIMIT_MS (default 170 s) bounds the whole bench; over it, or on a crash, the gateways
// it spawned are stopped too (no orphan server holds the terminal).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildServer,
  SERVER_NODE_FLAGS,
  serverBuildStale,
  serverEntry,
} from '../scripts/build-server.mjs';
import { hardTimeLimit } from './lib/time-limit.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const HARD_LIMIT_MS = Number(process.env.BENCH_LIMIT_MS ?? 170_000);
/** The backfill's completion report on the gateway's console (history-service.ts). */
const BACKFILL_DONE = /History: \d+ demo days backfilled/;
const BACKFILL_FAILED = /History backfill failed: .*/;

// "npm start" is what the launcher runs: the compiled server with its node flags.
const VARIANTS = [
  { name: 'npm start', args: [...SERVER_NODE_FLAGS, serverEntry] },
  { name: 'HISTORY=off', args: [...SERVER_NODE_FLAGS, serverEntry], env: { HISTORY: 'off' } },
  // The demo backfill without the simulated house's grid (power-control §4): what it costs.
  { name: 'no house', args: [...SERVER_NODE_FLAGS, serverEntry], env: { SIM_METER: 'none' } },
  { name: 'compiled', args: [serverEntry] },
  { name: 'tsx', args: ['--import', 'tsx', path.join(root, 'server/src/main.ts')] },
];

/** Gateways running now, each with its data dir: stopped over the limit or on a crash. */
const running = new Set();
let limitReached = false;
const stopAll = async () => {
  await Promise.all([...running].map((gateway) => gateway.stop()));
};
hardTimeLimit('gateway-process', HARD_LIMIT_MS, async () => {
  limitReached = true;
  await stopAll();
});
// The last resort (an exit before a stop finished): no gateway outlives the bench.
process.once('exit', () => {
  for (const { child } of running) child.kill('SIGKILL');
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** MiB figures of a process from /proc: resident total, anonymous (heaps) and file-backed (code). */
async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

/** Spawn one gateway on a fresh data dir; resolves once /api/system/status answers 200. */
async function start(variant) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-bench-process-'));
  const began = performance.now();
  const child = spawn(process.execPath, variant.args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...variant.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Read from spawn on, so a report before the first answer counts, and all along: a pipe
  // nobody drains would block the gateway's console writes.
  const backfillDone = new Promise((resolve, reject) => {
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      const lines = (pending + text).split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (BACKFILL_DONE.test(line)) resolve(performance.now() - began);
        const failed = BACKFILL_FAILED.exec(line);
        if (failed) reject(new Error(`${variant.name}: ${failed[0]}`));
      }
    });
    exited.then(() => {
      if (!stopping) reject(new Error(`${variant.name} exited before its backfill was done`));
    });
  });
  // Only awaited when history is on; a rejection nobody awaits must not end the bench.
  backfillDone.catch(() => {});
  let stopping = null;
  // Once, however often it is asked for (the bench's end, the time limit, a crash).
  const stop = () => (stopping ??= stopNow());
  const stopNow = async () => {
    const alive = () => child.exitCode === null && child.signalCode === null;
    if (alive()) child.kill('SIGTERM');
    // One that ignores SIGTERM must not hold up the bench's end either.
    const hardKill = setTimeout(() => alive() && child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(hardKill);
    running.delete(gateway);
    await rm(dataDir, { recursive: true, force: true });
  };
  const gateway = { child, stop };
  running.add(gateway);
  const url = `http://127.0.0.1:${port}/api/system/status`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`${variant.name} exited (${child.exitCode ?? child.signalCode})`);
    }
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(5);
  }
  const firstAnswerMs = performance.now() - began;
  /** Spawn → the demo backfill done (see the header); null without history. */
  const historyComplete = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/history/range`);
    await response.arrayBuffer();
    // HISTORY=off: no history API (the interface's fallback page or a 404 answers instead).
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('json')) {
      return null;
    }
    return backfillDone;
  };
  return { child, firstAnswerMs, historyComplete, stop };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n, d = 0) => n.toFixed(d);

if (serverBuildStale()) await buildServer();

async function measure() {
  // Start-up: alternate the variants so machine load affects both alike.
  const startTimes = new Map(VARIANTS.map((v) => [v.name, []]));
  const historyTimes = new Map(VARIANTS.map((v) => [v.name, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const variant of VARIANTS) {
      const gateway = await start(variant);
      startTimes.get(variant.name).push(gateway.firstAnswerMs);
      const complete = await gateway.historyComplete();
      if (complete !== null) historyTimes.get(variant.name).push(complete);
      await gateway.stop();
    }
  }

  // Idle memory: both side by side for the same IDLE_MS, the demo fleet producing data.
  const idle = await Promise.all(VARIANTS.map((variant) => start(variant)));
  await sleep(IDLE_MS);
  const idleMemory = await Promise.all(idle.map((gateway) => memory(gateway.child.pid)));
  await Promise.all(idle.map((gateway) => gateway.stop()));
  return { startTimes, historyTimes, idleMemory };
}

const { startTimes, historyTimes, idleMemory } = await measure().catch(async (error) => {
  // Over the limit the watchdog stops the gateways and exits: their failing is its doing.
  if (limitReached) return new Promise(() => {});
  await stopAll();
  throw error;
});

process.stdout.write(
  `Gateway process: start = spawn → first 200 on /api/system/status (median of ${RUNS});` +
    ` memory after ${IDLE_MS / 1000} s idle with the demo fleet\n`,
);
process.stdout.write('variant      start ms  history ms   RSS MiB   anon MiB   file MiB\n');
VARIANTS.forEach((variant, i) => {
  const m = idleMemory[i];
  const history = historyTimes.get(variant.name);
  process.stdout.write(
    `${variant.name.padEnd(12)} ${fmt(median(startTimes.get(variant.name))).padStart(8)}` +
      `${(history.length > 0 ? fmt(median(history)) : '–').padStart(12)}` +
      `${fmt(m.rss, 1).padStart(10)}${fmt(m.anon, 1).padStart(11)}${fmt(m.file, 1).padStart(11)}\n`,
  );
});
const figures = VARIANTS.map((v, i) => ({
  name: v.name,
  start: median(startTimes.get(v.name)),
  rss: idleMemory[i].rss,
}));
const [withHistory, withoutHistory] = figures;
process.stdout.write(
  `Energy history (npm start − HISTORY=off): start ${fmt(withHistory.start - withoutHistory.start)} ms,` +
    ` RSS ${fmt(withHistory.rss - withoutHistory.rss, 1)} MiB\n`,
);
const noHouse = figures.find((f) => f.name === 'no house');
const historyMedian = (name) => median(historyTimes.get(name));
process.stdout.write(
  `The house's grid in the demo backfill (npm start − no house): history complete ` +
    `${fmt(historyMedian(withHistory.name) - historyMedian(noHouse.name))} ms later\n`,
);
const tsx = figures.at(-1);
for (const f of figures.slice(0, -1)) {
  process.stdout.write(
    `${f.name} / tsx: start ${fmt(f.start / tsx.start, 2)}, RSS ${fmt(f.rss / tsx.rss, 2)}\n`,
  );
}
process.stdout.write(
  'Targets (npm start, history on): start ≤ 500 ms, idle RSS ≤ 90 MiB; history complete within 2 s\n',
);
