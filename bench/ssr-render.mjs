#!/usr/bin/env node
// The live page rendered on the gateway (issue 26): the web build's server entry
// (web/dist/.ssr/render-live.js) renders 20 inverters × 6 strings, as the gateway does for `/`.
// Prints, each blocking the event loop for its time (wall clock, and the process's CPU time,
// which a busy shared machine inflates less):
// - the cold first render, then every render with new live data (p50, p99, max after a warm-up);
// - visits as the gateway serves them (server/src/plugins/shared-live-pages.ts: SharedLivePages),
//   VISITS_PER_S visitors a second in en/de/fr, light/dark, the live data changing every
//   CHANGE_MS: the time per visit and how many visits were served a page rendered for another;
// - the page's size and brotli time (off the loop, in libuv's pool);
// - memory in one process with the gateway's node flags: RSS and heap before loading the module,
//   after loading it, after the renders (GC in between); and the real gateway (demo fleet)
//   serving `/` REQUESTS times with the render module against the same build without it, and
//   idle before the first visit (the module loads on the first visit of the live page).
// Also how much of a render was garbage collection. Asserts nothing.
// Bounded by time as well as by count (bench/run-all.mjs stops a bench at 180 s; on a busy
// machine a render waits for a core): each part stops at its share of TIME_BUDGET_S and the
// figures say how many renders, visits and gateway runs were made.
//   node bench/ssr-render.mjs [--renders=2000] [--visits=3000] [--requests=200] [--gateway-runs=3]
//                              [--budget-s=150]
import { execSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { buildServer, SERVER_NODE_FLAGS, serverBuildStale } from '../scripts/build-server.mjs';
import { fmt, sleep } from './lib/bench-server.mjs';
import { gatewayRss } from './lib/gateway-rss.mjs';
import { watchGcs } from './lib/gcs-in-spans.mjs';
import { inverterObject, v } from './lib/synthetic-fleet.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'web/dist');
const modulePath = path.join(dist, '.ssr/render-live.js');
const INVERTERS = 20;
const STRINGS = 6;
const REQUESTS = Number(
  process.argv.find((a) => a.startsWith('--requests='))?.split('=')[1] ?? '200',
);
const RENDERS = Number(
  process.argv.find((a) => a.startsWith('--renders='))?.split('=')[1] ?? '2000',
);
const VISITS = Number(process.argv.find((a) => a.startsWith('--visits='))?.split('=')[1] ?? '3000');
const GATEWAY_RUNS = Number(
  process.argv.find((a) => a.startsWith('--gateway-runs='))?.split('=')[1] ?? '3',
);
const VISITS_PER_S = 10;
const CHANGE_MS = 1000;
const TIME_BUDGET_S = Number(
  process.argv.find((a) => a.startsWith('--budget-s='))?.split('=')[1] ?? '150',
);
// The whole bench's end, passed to the child so both sides keep to one budget.
const deadline = Number(process.env.SSR_BENCH_DEADLINE ?? Date.now() + TIME_BUDGET_S * 1000);
/** Whether a part that started at `startedAt` may go on: at most `share` of the budget, never past the end. */
const withinBudget = (startedAt, share) =>
  Date.now() < Math.min(deadline, startedAt + share * TIME_BUDGET_S * 1000);

// The render figures need a process of their own with --expose-gc and the gateway's flags.
if (!process.argv.includes('--child')) {
  if (!existsSync(modulePath)) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      ...SERVER_NODE_FLAGS,
      import.meta.filename,
      '--child',
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', cwd: root, env: { ...process.env, SSR_BENCH_DEADLINE: String(deadline) } },
  );
  if (child.status !== 0) process.exit(child.status ?? 1);
  // The gateway as `npm start` runs it: compiled (tsx's compiler would take most of the RSS).
  if (serverBuildStale()) await buildServer();
  // The same build without its render module: index.html served as built.
  const plain = mkdtempSync(path.join(tmpdir(), 'heliodtu-bench-plain-'));
  copyFileSync(path.join(dist, 'index.html'), path.join(plain, 'index.html'));
  // Two processes differ by a few MiB from run to run (GC timing): alternate, take medians.
  // A pair of runs takes about 2 × (start, 3 s, REQUESTS / 10 s, 3 s); each run's requests stop
  // at an even share of what is left, and no pair starts that cannot end in time.
  const runs = { with: [], without: [] };
  let pairMs = 0;
  for (let run = 0; run < GATEWAY_RUNS; run += 1) {
    const left = deadline - Date.now();
    if (run > 0 && left < pairMs) break;
    const pairStarted = Date.now();
    const share = (left - 20_000) / (2 * (GATEWAY_RUNS - run));
    runs.with.push(await gatewayRss(dist, REQUESTS, Date.now() + share));
    runs.without.push(await gatewayRss(plain, REQUESTS, Date.now() + share));
    pairMs = Date.now() - pairStarted;
  }
  rmSync(plain, { recursive: true, force: true });
  const median = (list, pick) => {
    const sorted = list.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const signed = (n) => `${n >= 0 ? '+' : ''}${fmt(n)}`;
  const costs = runs.with.map((w, i) => w.rss - runs.without[i].rss);
  const cost = (pick) => median(runs.with, pick) - median(runs.without, pick);
  const rendered = runs.with.every((w) => w.rendered);
  const made = runs.with.length;
  const requestCounts = [...new Set([...runs.with, ...runs.without].map((r) => r.requests))];
  process.stdout.write(
    [
      `  gateway (${runs.with[0].kind}, demo fleet), the build with its render module against the same build without, median of ${made} runs each${made < GATEWAY_RUNS ? ` (${GATEWAY_RUNS} asked, the time budget allowed ${made})` : ''}:`,
      `    idle before the first visit: RSS ${fmt(median(runs.with, (r) => r.idle.rss))} against ${fmt(median(runs.without, (r) => r.idle.rss))} MiB: ${signed(cost((r) => r.idle.rss))} MiB`,
      `    after ${requestCounts.join('/')} × GET / (10 a second${requestCounts.some((n) => n < REQUESTS) ? `, ${REQUESTS} asked: time budget` : ''})${rendered ? '' : ' (NOT rendered)'}, then 3 s idle: RSS ${fmt(median(runs.with, (r) => r.rss))} against ${fmt(median(runs.without, (r) => r.rss))} MiB:` +
        ` ${signed(cost((r) => r.rss))} MiB (target ≤ 10 MiB; runs ${costs.map(signed).join(', ')});` +
        ` anonymous ${signed(cost((r) => r.anon))} MiB, file-backed ${signed(cost((r) => r.file))} MiB (the node binary's ICU data, shared and evictable)`,
      '',
    ].join('\n'),
  );
  process.stdout.write(
    `  time: ${((Date.now() - (deadline - TIME_BUDGET_S * 1000)) / 1000).toFixed(0)} s of a ${TIME_BUDGET_S} s budget\n`,
  );
  process.exit(0);
}

const live = (tick) => ({
  inverters: Array.from({ length: INVERTERS }, (_, i) => inverterObject(i, tick, STRINGS)),
  total: { Power: v(30000, 'W', 1), YieldDay: v(72000, 'Wh', 0), YieldTotal: v(1800, 'kWh', 3) },
  hints: { time_sync: false, radio_problem: false, default_password: false },
});

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
/** Heap and RSS after GC, RSS split as /proc tells it (anonymous, file-backed). */
const heapAfterGc = () => {
  global.gc();
  global.gc();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { ...process.memoryUsage(), anon: kb('RssAnon') * 1024, file: kb('RssFile') * 1024 };
};
const quantile = (list, q) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const figures = (list) =>
  `p50 ${quantile(list, 0.5).toFixed(2)} ms, p99 ${quantile(list, 0.99).toFixed(2)} ms, max ${quantile(list, 1).toFixed(2)} ms`;
/** Runs `work`, returning its wall-clock and CPU time in ms. */
function timed(work) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = work();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { result, wall, cpu: (cpu.user + cpu.system) / 1000 };
}
const LANGS = ['en', 'de', 'fr'];

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The live data made beforehand: the bench times the render, not the synthetic fleet.
const snapshots = Array.from({ length: 60 }, (_, tick) => live(tick));
/**
 * The page's pieces written into one buffer, as the gateway's pageBytes does
 * (server/src/plugins/shared-live-pages.ts; the visits below use that one itself, loaded
 * only after the memory figures, as tsx's loader would count in them).
 */
function toBuffer(parts) {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, 'utf8');
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at, 'utf8');
  return bytes;
}
const initial = heapAfterGc();
const loadStarted = performance.now();
const module = await import(pathToFileURL(modulePath).href);
const loadMs = performance.now() - loadStarted;
const loaded = heapAfterGc();

// Cold: the first render after loading (the gateway's first visitor).
const cold = timed(() =>
  toBuffer(module.renderLivePageParts(snapshots[0], { template, lang: 'de', theme: 'dark' })),
);

// Every render with new live data: what a visit costs when no page can be shared.
const times = [];
const cpuTimes = [];
const spans = [];
const gcWatch = watchGcs();
let page = cold.result;
const rendersStarted = Date.now();
let rendersMade = 0;
for (let i = 0; i < RENDERS + 200 && (i < 400 || withinBudget(rendersStarted, 0.3)); i += 1) {
  rendersMade += 1;
  // A new object each time, as the gateway's live data after a change: no JSON made before.
  const data = { ...snapshots[i % snapshots.length] };
  const lang = LANGS[i % 3];
  const started = performance.now();
  const { result, wall, cpu } = timed(() =>
    toBuffer(module.renderLivePageParts(data, { template, lang, theme: 'dark' })),
  );
  page = result;
  if (i >= 200) {
    times.push(wall);
    cpuTimes.push(cpu);
    spans.push([started, started + wall]);
  }
}
const gcs = await gcWatch.spans(spans);
const afterRenders = heapAfterGc();
// V8 hands pages freed by a GC back to the system on its background threads; on a busy machine
// they lag, and RSS right after the GC still holds them (+20 MiB measured at load 2 on 2 cores).
// What stays once they caught up is the render's own cost.
await sleep(3000);
const settled = heapAfterGc();

// Visits as the gateway serves them, on a clock of the bench's own: the gateway's page cache
// and page writer, from the server's TypeScript source, loaded only now (tsx's loader thread is
// no part of the memory figures above).
const { tsImport } = await import('tsx/esm/api');
const { SharedLivePages, pageBytes } = await tsImport(
  '../server/src/plugins/shared-live-pages.ts',
  import.meta.url,
);
let clock = Date.now();
const pages = new SharedLivePages({ sharing: true, clock: () => clock });
const visitTimes = [];
const visitCpu = [];
const visitsStarted = Date.now();
let tick = 0;
let nextChange = clock + CHANGE_MS;
for (let i = 0; i < VISITS && (i < 300 || withinBudget(visitsStarted, 0.15)); i += 1) {
  clock += 1000 / VISITS_PER_S;
  if (clock >= nextChange) {
    tick += 1;
    nextChange += CHANGE_MS;
    pages.changed();
  }
  const lang = LANGS[(i * 7) % 3];
  const theme = i % 4 === 0 ? 'light' : 'dark';
  const { wall, cpu } = timed(() =>
    pages.page({ lang, theme }, module, template, (now) => {
      // As the gateway: the data of this moment, read anew after a change.
      const data = pages.snapshot(() => ({ ...snapshots[tick % snapshots.length] }));
      return pageBytes(module.renderLivePageParts(data, { template, lang, theme, now }));
    }),
  );
  visitTimes.push(wall);
  visitCpu.push(cpu);
}

const brotliStarted = performance.now();
const compressed = brotliCompressSync(page, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 },
});
const brotliMs = performance.now() - brotliStarted;

const plus = (bytes) => `${bytes >= 0 ? '+' : ''}${mib(bytes)}`;
const memoryLine = (label, m) =>
  `RSS ${mib(m.rss)} MiB (${plus(m.rss - initial.rss)}: anonymous ${plus(m.anon - initial.anon)},` +
  ` file-backed ${plus(m.file - initial.file)}), heap used ${mib(m.heapUsed)} MiB of ${mib(m.heapTotal)} committed ${label}`;
process.stdout.write(
  [
    `ssr render: ${INVERTERS} inverters × ${STRINGS} strings (en/de/fr in turn);` +
      ` machine load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (wall clock includes time waiting for a core)`,
    `  cold first render after loading: ${cold.wall.toFixed(2)} ms wall, ${cold.cpu.toFixed(2)} ms CPU`,
    `  every render with new live data (no sharing), ${times.length} after 200 warm-up${times.length < RENDERS ? ` (${RENDERS} asked; stopped at its time share)` : ''}:`,
    `    wall clock (blocks the event loop): ${figures(times)}`,
    `    CPU time: ${figures(cpuTimes)}`,
    `    time in GC within a render: ${figures(gcs.inGc)}; a full GC (mark-compact, ${gcs.fullShortest.toFixed(1)}–${gcs.fullLongest.toFixed(1)} ms) in ${gcs.fullCount} of ${times.length}`,
    `    a render less its time in GC: ${figures(gcs.lessGc)}`,
    `  visits as the gateway serves them: ${visitTimes.length} visits${visitTimes.length < VISITS ? ` (${VISITS} asked; stopped at its time share)` : ''}, ${VISITS_PER_S}/s, en/de/fr × light/dark, live data changing every ${CHANGE_MS} ms:`,
    `    shared renders: ${pages.hits} of ${visitTimes.length} visits served a page rendered for another (hit rate ${((100 * pages.hits) / visitTimes.length).toFixed(1)} %), ${pages.renders} renders`,
    `    per visit, wall clock (blocks the event loop): ${figures(visitTimes)} (target p99 ≤ 5 ms)`,
    `    per visit, CPU time: ${figures(visitCpu)}`,
    `  page: ${(page.length / 1024).toFixed(1)} KiB, brotli q5 ${(compressed.length / 1024).toFixed(1)} KiB in ${brotliMs.toFixed(2)} ms (libuv pool in the gateway, once per shared page)`,
    `  module load: ${loadMs.toFixed(0)} ms, entry ${(readFileSync(modulePath).length / 1024).toFixed(0)} KiB on disk`,
    `  memory in one process (${SERVER_NODE_FLAGS.join(' ')}), after GC, against the start:`,
    `    ${memoryLine('before loading the module', initial)}`,
    `    ${memoryLine('after loading it', loaded)}`,
    `    ${memoryLine(`after ${rendersMade + 1} renders back to back`, afterRenders)}`,
    `    ${memoryLine('3 s later (V8 has returned the pages its GC freed)', settled)}`,
    `    shared pages held at most: ${pages.size} now, bounded by languages × themes (each ${(page.length / 1024).toFixed(0)} KiB plus its brotli)`,
    '',
  ].join('\n'),
);
