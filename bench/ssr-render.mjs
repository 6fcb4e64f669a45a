#!/usr/bin/env node
// The live page rendered on the gateway (issue 26): the web build's server entry
// (web/dist/.ssr/render-live.js) renders 20 inverters × 6 strings, as the gateway does for `/`.
// Prints the render time (p50, p99, max over many renders after a warm-up; the event loop is
// blocked for that long; wall clock and the process's CPU time, which a busy shared machine
// does not inflate), the brotli time of the page (off the loop, in libuv's pool), its size, and
// what it costs a gateway's memory: in one process with the gateway's node flags (heap and RSS
// after loading and rendering, GC in between), and the real gateway (demo fleet) serving `/`
// REQUESTS times with the render module against the same build without it. Asserts nothing.
//   node bench/ssr-render.mjs [--renders=2000] [--requests=200]
import { execSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { SERVER_NODE_FLAGS } from '../scripts/build-server.mjs';
import { fmt, pickPort, sleep, startServer, stopServer } from './lib/bench-server.mjs';
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

/**
 * RSS of a process in MiB, and its anonymous part: file-backed pages (the node binary, ICU's
 * locale data that de/fr formatting touches) are shared and can be dropped by the kernel.
 */
async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

/** The real gateway's RSS after serving `/` REQUESTS times (10 per second), then 3 s idle. */
async function gatewayRss(webDist) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heliodtu-bench-ssr-'));
  const port = await pickPort();
  const server = await startServer({
    port,
    dataDir,
    env: { WEB_DIST: webDist, HISTORY: 'off' },
    nodeArgs: SERVER_NODE_FLAGS,
    ready: async (url) => (await fetch(`${url}/api/system/status`)).ok,
  });
  try {
    await sleep(3000);
    let rendered = false;
    for (let i = 0; i < REQUESTS; i += 1) {
      const answer = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
      rendered ||= (await answer.text()).includes('data-live-rendered');
      await sleep(100);
    }
    await sleep(3000);
    return { ...(await memory(server.child.pid)), rendered, kind: server.kind };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

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
    { stdio: 'inherit' },
  );
  if (child.status !== 0) process.exit(child.status ?? 1);
  // The same build without its render module: index.html served as built.
  const plain = mkdtempSync(path.join(tmpdir(), 'heliodtu-bench-plain-'));
  copyFileSync(path.join(dist, 'index.html'), path.join(plain, 'index.html'));
  const withRender = await gatewayRss(dist);
  const without = await gatewayRss(plain);
  rmSync(plain, { recursive: true, force: true });
  process.stdout.write(
    `  gateway (${withRender.kind}, demo fleet, ${REQUESTS} × GET /): RSS ${fmt(withRender.rss)} MiB rendered` +
      `${withRender.rendered ? '' : ' (NOT rendered)'} against ${fmt(without.rss)} MiB as built:` +
      ` ${withRender.rss >= without.rss ? '+' : ''}${fmt(withRender.rss - without.rss)} MiB` +
      `; anonymous ${fmt(withRender.anon)} against ${fmt(without.anon)}: +${fmt(withRender.anon - without.anon)} MiB,` +
      ` file-backed +${fmt(withRender.file - without.file)} MiB (target ≤ 10 MiB)\n`,
  );
  process.exit(0);
}

const live = (tick) => ({
  inverters: Array.from({ length: INVERTERS }, (_, i) => inverterObject(i, tick, STRINGS)),
  total: { Power: v(30000, 'W', 1), YieldDay: v(72000, 'Wh', 0), YieldTotal: v(1800, 'kWh', 3) },
  hints: { time_sync: false, radio_problem: false, default_password: false },
});

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const heapAfterGc = () => {
  global.gc();
  global.gc();
  return process.memoryUsage();
};

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const before = heapAfterGc();
const started = performance.now();
const module = await import(pathToFileURL(modulePath).href);
const loadMs = performance.now() - started;

const times = [];
const cpuTimes = [];
let html = '';
for (let i = 0; i < RENDERS + 200; i += 1) {
  const data = live(i);
  const lang = ['en', 'de', 'fr'][i % 3];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  html = module.renderLivePage(data, { template, lang, theme: 'dark' });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (i >= 200) {
    times.push(ms);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
}
const after = heapAfterGc();
const quantile = (list, q) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const figures = (list) =>
  `p50 ${quantile(list, 0.5).toFixed(2)} ms, p99 ${quantile(list, 0.99).toFixed(2)} ms, max ${quantile(list, 1).toFixed(2)} ms`;

const brotliStarted = performance.now();
const compressed = brotliCompressSync(html, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 },
});
const brotliMs = performance.now() - brotliStarted;

process.stdout.write(
  [
    `ssr render: ${INVERTERS} inverters × ${STRINGS} strings, ${RENDERS} renders after 200 warm-up (en/de/fr in turn)`,
    `  render, wall clock (blocks the event loop): ${figures(times)} (target p99 ≤ 5 ms)`,
    `  render, CPU time: ${figures(cpuTimes)}`,
    `  page: ${(html.length / 1024).toFixed(1)} KiB, brotli q5 ${(compressed.length / 1024).toFixed(1)} KiB in ${brotliMs.toFixed(2)} ms (libuv pool in the gateway)`,
    `  module load: ${loadMs.toFixed(0)} ms, ${(readFileSync(modulePath).length / 1024).toFixed(0)} KiB on disk`,
    `  in one process (${SERVER_NODE_FLAGS.join(' ')}): heap +${mib(after.heapUsed - before.heapUsed)} MiB, RSS +${mib(after.rss - before.rss)} MiB (${mib(before.rss)} → ${mib(after.rss)})`,
    '',
  ].join('\n'),
);
