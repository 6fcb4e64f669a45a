#!/usr/bin/env node
/* global document, window, MutationObserver -- detector() and the waits run in the page */
// Time to first live data on slow links (issue 13): the built interface in Debian's Chromium,
// network emulated through the DevTools protocol, against a gateway of its own. Per profile and
// language: 3 runs, each in a fresh browser context (cold cache), median printed. The clock stops
// when the first inverter's name and a power figure in W are on screen; with two or more inverters a
// second clock stops when the overview's first tile shows a string row (the default tab, issue 15),
// which the tab pills' names and W figures alone do not tell. After each first visit the
// same context navigates again (warm HTTP cache): the repeat visit. Prints time, bytes on the wire
// and the request waterfall of the median run. Asserts nothing.
//
//   node bench/first-live.mjs [--runs=3] [--langs=en,de,fr] [--profiles=3g,wifi]
//   BENCH_WEB_DIST=<dir>  another build (default web/dist; built into a temp dir when missing)
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { pickPort, startServer, stopServer } from './lib/bench-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HARD_LIMIT_MS = 110_000;
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '3'));
const LANGS = arg('langs', 'en,de,fr').split(',');

/** DevTools throughput is in bytes per second. */
const kbps = (kbit) => (kbit * 1000) / 8;
const PROFILES = [
  {
    id: '3g',
    name: 'fast 3G (150 ms, 1.6 Mbps down, 750 kbps up)',
    latency: 150,
    down: kbps(1600),
    up: kbps(750),
  },
  {
    id: 'wifi',
    name: 'weak Wi-Fi (400 ms, 400 kbps both ways)',
    latency: 400,
    down: kbps(400),
    up: kbps(400),
  },
].filter((p) => arg('profiles', '3g,wifi').split(',').includes(p.id));

const temps = [];
let gateway;
let browser;
async function cleanUp() {
  await browser?.close().catch(() => {});
  await stopServer(gateway);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
}
const watchdog = setTimeout(() => {
  process.stdout.write('first-live bench: over its time limit, stopping\n');
  void cleanUp().finally(() => process.exit(1));
}, HARD_LIMIT_MS);
watchdog.unref();

function webDist() {
  const given = process.env.BENCH_WEB_DIST ?? path.join(root, 'web/dist');
  if (existsSync(path.join(given, 'index.html'))) return given;
  const out = mkdtempSync(path.join(tmpdir(), 'first-live-dist-'));
  temps.push(out);
  process.stdout.write(`${given} missing: building the interface into ${out}\n`);
  execSync('npx vite build', {
    cwd: path.join(root, 'web'),
    env: { ...process.env, WEB_OUT_DIR: out },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}

/** The gateway (bench/lib/bench-server.mjs: compiled when current), up once it lists an inverter. */
async function startGateway(dist) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'first-live-data-'));
  temps.push(dataDir);
  let status;
  gateway = await startServer({
    port: await pickPort(8110, 8119),
    dataDir,
    env: { WEB_DIST: dist, SIM_SEED: '42', SIM_START: '2025-06-21T12:00:00' },
    ready: async (url) => {
      status = await fetch(`${url}/api/livedata/status`).then((r) => (r.ok ? r.json() : undefined));
      return Boolean(status?.inverters?.[0]?.name);
    },
  });
  return {
    url: `${gateway.url}/`,
    firstInverter: status.inverters[0].name,
    overview: status.inverters.length > 1,
  };
}

/**
 * In the page: notes performance.now() when the inverter's name and a W figure first show, and
 * when the overview's first string row does (__firstOverview).
 */
const detector = (name) => {
  const power = /\d\s?W(?![a-z])/;
  const check = () => {
    if (window.__firstLive === undefined) {
      const text = document.body?.innerText ?? '';
      if (text.includes(name) && power.test(text)) window.__firstLive = performance.now();
    }
    if (
      window.__firstOverview === undefined &&
      document.querySelector('[data-testid="overview"] [data-testid^="string-"]')
    ) {
      window.__firstOverview = performance.now();
    }
    if (window.__firstLive !== undefined && window.__firstOverview !== undefined) {
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true });
};

/** One navigation with its network log; the timing of every request from the DevTools protocol. */
async function visit(page, cdp, url, firstInverter, overview) {
  const requests = new Map();
  const onSent = (e) => {
    if (e.request.url.startsWith('data:')) return;
    requests.set(e.requestId, { url: e.request.url, start: e.timestamp, bytes: 0, cached: false });
  };
  const onResponse = (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.status = e.response.status;
      r.cached =
        e.response.fromDiskCache || e.response.fromMemoryCache || e.response.status === 304;
    }
  };
  const onCache = (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  };
  const onDone = (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  };
  cdp.on('Network.requestWillBeSent', onSent);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCache);
  cdp.on('Network.loadingFinished', onDone);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // With an overview, also until its first string row shows.
    const done = (tile) => window.__firstLive !== undefined && (!tile || window.__firstOverview);
    await page.waitForFunction(done, overview, { timeout: 20_000, polling: 50 });
    const [ms, overviewMs] = await page.evaluate(() => [
      window.__firstLive,
      window.__firstOverview,
    ]);
    const list = [...requests.values()].filter((r) => !r.url.startsWith('ws'));
    const t0 = Math.min(...list.map((r) => r.start));
    const waterfall = list
      .map((r) => ({
        name: shortName(r.url, url),
        start: (r.start - t0) * 1000,
        end: r.end === undefined ? undefined : (r.end - t0) * 1000,
        bytes: r.bytes,
        status: r.status,
        // Served from the memory or disk cache: nothing crossed the wire.
        cached: r.cached || (r.bytes === 0 && r.status === 200),
      }))
      .sort((a, b) => a.start - b.start);
    const bytes = list.reduce((sum, r) => sum + r.bytes, 0);
    return { ms, overviewMs, bytes, waterfall, firstInverter };
  } finally {
    cdp.off('Network.requestWillBeSent', onSent);
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.requestServedFromCache', onCache);
    cdp.off('Network.loadingFinished', onDone);
  }
}

function shortName(full, base) {
  const name = full.startsWith(base) ? full.slice(base.length) || '/' : full;
  return name.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1');
}

/** A fresh context (cold cache): the first visit, then a second navigation (warm cache). */
async function run(target, profile, lang) {
  const context = await browser.newContext({
    locale: lang === 'en' ? 'en-US' : `${lang}-${lang.toUpperCase()}`,
  });
  try {
    await context.addInitScript(detector, target.firstInverter);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.down,
      uploadThroughput: profile.up,
    });
    const first = await visit(page, cdp, target.url, target.firstInverter, target.overview);
    // Leaving the page ends what it still loads after the clock stopped (dialog chunks, the
    // rest of the catalogue), so the repeat visit does not share the link with it.
    await page.goto('about:blank');
    const repeat = await visit(page, cdp, target.url, target.firstInverter, target.overview);
    return { first, repeat };
  } finally {
    await context.close();
  }
}

const median = (runs) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
const fmtS = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fmtB = (b) => `${b.toLocaleString('en')} B`;
const fmtO = (ms) => (ms === undefined ? '–' : fmtS(ms));
/** The median overview time (its run may differ from the live-data median run). */
const medianOverview = (runs) =>
  [...runs].sort((a, b) => (a.overviewMs ?? 0) - (b.overviewMs ?? 0))[Math.floor(runs.length / 2)]
    .overviewMs;

function printWaterfall(title, result) {
  const lines = [
    `    ${title}: ${fmtS(result.ms)}, overview ${fmtO(result.overviewMs)}, ${fmtB(result.bytes)}`,
  ];
  for (const r of result.waterfall) {
    const span = r.end === undefined ? '   …   ' : `${(r.end / 1000).toFixed(2)}`.padStart(5);
    const how = r.cached ? ' (cache)' : r.status && r.status !== 200 ? ` (${r.status})` : '';
    lines.push(
      `      ${(r.start / 1000).toFixed(2).padStart(5)} → ${span} s ${String(r.bytes).padStart(7)} B  ${r.name}${how}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

try {
  const dist = webDist();
  const target = await startGateway(dist);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  process.stdout.write(
    `First live data (median of ${RUNS}, fresh context each; clock stops at "${target.firstInverter}" + a W figure)\n`,
  );
  const table = [];
  for (const profile of PROFILES) {
    process.stdout.write(`\n${profile.name}\n`);
    for (const lang of LANGS) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await run(target, profile, lang));
      const first = median(runs.map((r) => r.first));
      const repeat = median(runs.map((r) => r.repeat));
      table.push({
        profile: profile.id,
        lang,
        first,
        repeat,
        firstOverview: medianOverview(runs.map((r) => r.first)),
        repeatOverview: medianOverview(runs.map((r) => r.repeat)),
      });
      printWaterfall(`${lang} first visit`, first);
      if (lang === LANGS[0]) printWaterfall(`${lang} repeat visit`, repeat);
    }
  }
  process.stdout.write(
    '\nSummary (median)      first visit            repeat visit        overview first / repeat\n',
  );
  for (const row of table) {
    process.stdout.write(
      `  ${row.profile.padEnd(5)} ${row.lang}   ${fmtS(row.first.ms).padStart(8)} ${fmtB(row.first.bytes).padStart(11)}   ${fmtS(row.repeat.ms).padStart(8)} ${fmtB(row.repeat.bytes).padStart(9)}   ${fmtO(row.firstOverview).padStart(8)} / ${fmtO(row.repeatOverview)}\n`,
    );
  }
} finally {
  await cleanUp();
}
