#!/usr/bin/env node
/* global document, window, MutationObserver, requestAnimationFrame -- detector() and the waits run in the page */
// Time to first live data on slow links (issue 13): the built interface in Debian's Chromium,
// network emulated through the DevTools protocol, against a gateway of its own. Per profile and
// language: 3 runs, each in a fresh browser context (cold cache), median printed. The clock stops
// when the first inverter's name and a power figure in W are on screen (in the page's text and
// painted: a page held back by its stylesheet shows nothing yet); with two or more inverters a
// second clock stops when the overview's first tile shows a string row (the default tab, issue 15),
// which the tab pills' names and W figures alone do not tell. Then time to interactive (issue 26:
// the page comes rendered by the gateway and is usable once the script has hydrated it): the
// performance mark the app sets once hydration has committed (`heliodtu-hydrated`, see
// web/src/ssr/hydrate-live.tsx), and, as a user would find it, the moment a click on the first
// inverter's tab, issued as soon as live data shows and retried every 50 ms, selects that tab.
// All clocks run from the navigation's start (performance.now() in the page). After each first
// visit the same context navigates again (warm HTTP cache): the repeat visit. Prints times,
// bytes on the wire and the request waterfall of the median run, with the targets
// beside the summary. Asserts nothing.
//
//   node bench/first-live.mjs [--runs=3] [--langs=en,de,fr] [--profiles=3g,wifi]
//   BENCH_WEB_DIST=<dir>  another build (default web/dist; built into a temp dir when missing)
import path from 'node:path';
import { chromium } from 'playwright-core';
import { pickPort, startServer, stopServer } from './lib/bench-server.mjs';
import {
  median,
  medianOf,
  printIntro,
  printSummary,
  printWaterfall,
} from './lib/first-live-report.mjs';
import { recordRequests } from './lib/network-log.mjs';
import { benchScratch } from './lib/time-limit.mjs';
import { benchWebDist } from './lib/web-dist.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Under bench/run-all.mjs's 180 s per benchmark.
const HARD_LIMIT_MS = 170_000;
/** The app's mark once the server-rendered page is hydrated (web/src/ssr/hydrate-live.tsx). */
const HYDRATED_MARK = 'heliodtu-hydrated';
/** The tab the interactive clock clicks; forgotten after each visit, so the next shows the overview. */
const LIVE_TAB_KEY = 'liveTab';
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

/** Issue 26's targets, printed beside the figures. */
const TARGETS = {
  '3g': 'live first ≤ 0.5 s',
  wifi: 'live first ≤ 1.2 s, repeat ≤ 0.8 s; interactive first ≤ 3.5 s',
};

let gateway;
let browser;
const { tempDir, cleanUp } = benchScratch({
  name: 'first-live',
  limitMs: HARD_LIMIT_MS,
  async release() {
    await browser?.close().catch(() => {});
    await stopServer(gateway);
  },
});

/** The gateway (bench/lib/bench-server.mjs: compiled when current), up once it lists an inverter. */
async function startGateway(dist) {
  const dataDir = tempDir('first-live-data-');
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
 * In the page: notes performance.now() when the inverter's name and a W figure first show, when
 * the overview's first string row does (__firstOverview), and when a tab naming the inverter
 * is selected (__tabSelected, the interactive clock's click took effect).
 */
const detector = (name) => {
  const power = /\d\s?W(?![a-z])/;
  const check = () => {
    if (window.__tabSelected === undefined) {
      const tab = document.querySelector('[role="tab"][aria-selected="true"]');
      if (tab?.textContent?.includes(name)) window.__tabSelected = performance.now();
    }
    if (window.__liveInDom === undefined) {
      const text = document.body?.innerText ?? '';
      if (text.includes(name) && power.test(text)) {
        window.__liveInDom = performance.now();
        // The frame that shows it: none runs while a stylesheet still blocks rendering.
        requestAnimationFrame(() => {
          window.__liveFrame = performance.now();
          settle();
        });
      }
    }
    if (
      window.__firstOverview === undefined &&
      document.querySelector('[data-testid="overview"] [data-testid^="string-"]')
    ) {
      window.__firstOverview = performance.now();
    }
    const seen = [window.__liveInDom, window.__firstOverview, window.__tabSelected];
    if (seen.every((at) => at !== undefined)) observer.disconnect();
  };
  // Live data counts once painted: its frame and the page's first contentful paint are past.
  const settle = () => {
    if (window.__firstLive !== undefined || window.__liveFrame === undefined) return;
    if (window.__firstPaint !== undefined) {
      window.__firstLive = Math.max(window.__liveFrame, window.__firstPaint);
    }
  };
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint && window.__firstPaint === undefined) {
      window.__firstPaint = paint.startTime;
      settle();
    }
  }).observe({ type: 'paint', buffered: true });
  const observer = new MutationObserver(check);
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributeFilter: ['aria-selected'],
  });
};

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Clicks the inverter's tab until it is selected: once right away, then every 50 ms (a click the
 * page cannot take yet is lost, or kept and replayed on hydration). Resolves when it took effect.
 */
async function clickTabUntilSelected(page, name) {
  const tab = page.getByRole('tab', { name: new RegExp(escapeRegExp(name)) });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await tab.click({ force: true, timeout: 2_000 }).catch(() => {});
    const selected = await page
      .waitForFunction(() => window.__tabSelected !== undefined, undefined, {
        timeout: 50,
        polling: 10,
      })
      .then(
        () => true,
        () => false,
      );
    if (selected) return;
  }
  throw new Error(`the tab of ${name} never took a click`);
}

/** The hydration mark (ms since the navigation's start); undefined on a build without it. */
const hydratedAt = (page) =>
  page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime, HYDRATED_MARK);

/** One navigation with its network log; the timing of every request from the DevTools protocol. */
async function visit(page, cdp, url, firstInverter, overview) {
  const log = recordRequests(cdp);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // With an overview, also until its first string row shows.
    const done = (tile) => window.__firstLive !== undefined && (!tile || window.__firstOverview);
    await page.waitForFunction(done, overview, { timeout: 20_000, polling: 50 });
    const [ms, inDomMs, overviewMs, paintMs] = await page.evaluate(() => [
      window.__firstLive,
      window.__liveInDom,
      window.__firstOverview,
      window.__firstPaint,
    ]);
    await clickTabUntilSelected(page, firstInverter);
    const tabMs = await page.evaluate(() => window.__tabSelected);
    // A build before the mark: the click's clock alone.
    const interactiveMs = await hydratedAt(page);
    // What the page loaded until it was interactive, each request to its end: live data shows
    // from the HTML while the scripts still arrive, so they end after that clock stops.
    const { waterfall, bytes } = await log.settled(url, 10_000);
    // The next visit starts on the overview again.
    await page.evaluate((key) => localStorage.removeItem(key), LIVE_TAB_KEY);
    return {
      ms,
      inDomMs,
      overviewMs,
      paintMs,
      interactiveMs,
      tabMs,
      bytes,
      waterfall,
      firstInverter,
    };
  } finally {
    log.stop();
  }
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

try {
  const dist = benchWebDist({
    root,
    tempDir,
    out: (text) => process.stdout.write(text),
    prefix: 'first-live-dist-',
  });
  const target = await startGateway(dist);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  printIntro({ runs: RUNS, firstInverter: target.firstInverter, hydratedMark: HYDRATED_MARK });
  const table = [];
  for (const profile of PROFILES) {
    process.stdout.write(`\n${profile.name}\n`);
    for (const lang of LANGS) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await run(target, profile, lang));
      const first = median(runs.map((r) => r.first));
      const repeat = median(runs.map((r) => r.repeat));
      const firsts = runs.map((r) => r.first);
      const repeats = runs.map((r) => r.repeat);
      table.push({
        profile: profile.id,
        lang,
        first,
        repeat,
        firstOverview: medianOf(firsts, 'overviewMs'),
        repeatOverview: medianOf(repeats, 'overviewMs'),
        firstInteractive: medianOf(firsts, 'interactiveMs'),
        firstTab: medianOf(firsts, 'tabMs'),
        repeatInteractive: medianOf(repeats, 'interactiveMs'),
      });
      printWaterfall(`${lang} first visit`, first);
      if (lang === LANGS[0]) printWaterfall(`${lang} repeat visit`, repeat);
    }
  }
  printSummary(table, TARGETS);
} finally {
  await cleanUp();
}
