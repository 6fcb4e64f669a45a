#!/usr/bin/env node
// Live view in the browser (issue 4 "Builds and budgets"): the built web app in Debian's
// Chromium, fed by a local /livedata socket with 10 inverters × 6 strings, one message per
// inverter per second for 60 s. Prints the main-thread time per socket message (Chromium's own
// task accounting through the DevTools protocol, and the message handler plus the React commit
// it triggers, timed in the page) and the JS heap before and after. Asserts nothing.
// Per tab (issue 15: the overview within 10 % of an inverter's tab), in one page, after a warm-up,
// taking turns for several rounds so that drift on a shared machine falls on every tab alike;
// the last line compares each tab with the first:
//   node bench/live-view.mjs [--tabs=inverter,overview] [--rounds=6] [--seconds=5]  (per turn)
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
/* global document -- the tab check runs in the page */
import { chromium } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { inverterObject, v } from './lib/synthetic-fleet.mjs';
import { hardTimeLimit } from './lib/time-limit.mjs';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_WEB_DIST: another build to measure (default: the normal build).
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'web/dist');
const INVERTERS = 10;
const STRINGS = 6;
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const TABS = arg('tabs', 'inverter,overview').split(',');
const ROUNDS = Number(arg('rounds', '6'));
const RUN_MS = Number(arg('seconds', String(Math.floor(60 / ROUNDS / TABS.length)))) * 1000;
const WARM_UP_MS = 4_000;
const HARD_LIMIT_MS = 150_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const started = Date.now();
hardTimeLimit('live-view', HARD_LIMIT_MS);

if (!existsSync(path.join(dist, 'index.html'))) {
  process.stdout.write('web/dist missing: building it first\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

//-- The fleet: 10 HMT-like inverters with 6 strings each

const total = (tick) => ({
  Power: v(INVERTERS * 1700 * (0.8 + 0.2 * Math.sin(tick / 7)), 'W', 1),
  YieldDay: v(72000 + tick, 'Wh', 0),
  YieldTotal: v(180000 + tick / 100, 'kWh', 3),
});
const hints = { time_sync: false, radio_problem: false, default_password: false };

function partialStatus() {
  const inverters = Array.from({ length: INVERTERS }, (_, i) => {
    const {
      AC: _ac,
      DC: _dc,
      INV: _inv,
      events: _events,
      ...common
    } = inverterObject(i, 0, STRINGS);
    return common;
  });
  return { inverters, total: total(0), hints };
}

//-- A small gateway: the built app, the status answers, and the socket

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

const http = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/livedata/status') {
    const inv = url.searchParams.get('inv');
    const index = inv ? Number(inv.slice(-2)) : -1;
    const body = inv
      ? { inverters: [inverterObject(index, 0, STRINGS)], total: total(0), hints }
      : partialStatus();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    const body = url.pathname === '/api/system/status' ? { uptime: 3600 } : {};
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return;
  }
  const requested = path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
  const file = requested.endsWith(path.sep) ? path.join(requested, 'index.html') : requested;
  let body;
  try {
    body = await readFile(file);
  } catch {
    // The SPA answers every unknown path with its page, as the gateway does.
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(await readFile(path.join(dist, 'index.html')));
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  res.end(body);
});

const wss = new WebSocketServer({ noServer: true });
http.on('upgrade', (req, socket, head) => {
  if (!req.url?.startsWith('/livedata')) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
});

let sent = 0;
let sending = false;
let tick = 0;
// One inverter every 100 ms: each inverter once per second.
const sender = setInterval(() => {
  if (!sending) return;
  const i = tick % INVERTERS;
  const text = JSON.stringify({
    inverters: [inverterObject(i, Math.floor(tick / INVERTERS), STRINGS)],
    total: total(tick),
    hints,
  });
  for (const client of wss.clients) if (client.readyState === 1) client.send(text);
  sent += 1;
  tick += 1;
}, 1000 / INVERTERS);

await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${http.address().port}/`;

//-- The browser

// Times every socket message in the page: the handler, plus the microtasks it queued (React
// commits external-store updates in a microtask), measured from a later microtask.
const PAGE_PROBE = () => {
  const samples = [];
  globalThis.__liveBench = samples;
  const descriptor = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    get() {
      return descriptor.get.call(this);
    },
    set(handler) {
      if (typeof handler !== 'function') {
        descriptor.set.call(this, handler);
        return;
      }
      descriptor.set.call(this, function timed(event) {
        const t0 = performance.now();
        handler.call(this, event);
        queueMicrotask(() => queueMicrotask(() => samples.push(performance.now() - t0)));
      });
    },
  });
};

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(PAGE_PROBE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(base);
  await page
    .getByRole('tab')
    .nth(INVERTERS - 1)
    .waitFor({ timeout: 15_000 });

  const metrics = async () => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(list.map((m) => [m.name, m.value]));
  };
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await metrics()).JSHeapUsedSize;
  };

  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
  const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
  const showTab = async (tab) => {
    // Tab 0 is the overview, tab 1 the first inverter's pill (its cards come with the messages).
    const index = tab === 'overview' ? 0 : 1;
    await page.getByRole('tab').nth(index).click();
    await page.waitForFunction(
      (i) => document.querySelectorAll('[role="tab"]')[i]?.getAttribute('aria-selected') === 'true',
      index,
    );
    // The switch's own render is no part of the turn.
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  const header =
    `live view: ${INVERTERS} inverters × ${STRINGS} strings, 1 message per inverter per second;` +
    ` ${ROUNDS} rounds of ${RUN_MS / 1000} s per tab after ${WARM_UP_MS / 1000} s of warm-up`;
  const out = [header];

  // Warm-up: the first frames and the JIT's first compilations count for no tab.
  await showTab(TABS[0]);
  sending = true;
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  sending = false;

  const totals = Object.fromEntries(
    TABS.map((tab) => [
      tab,
      { sent: 0, samples: [], rounds: [], ...Object.fromEntries(METRICS.map((m) => [m, 0])) },
    ]),
  );
  const heaps = {};
  const seen = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const tab of TABS) {
      const total = totals[tab];
      await showTab(tab);
      await page.evaluate(() => globalThis.__liveBench.splice(0));
      if (round === 0) heaps[tab] = { before: await heap() };
      const before = await metrics();
      const sentBefore = sent;
      sending = true;
      await new Promise((resolve) => setTimeout(resolve, RUN_MS));
      sending = false;
      const after = await metrics();
      const samples = await page.evaluate(() => globalThis.__liveBench.splice(0));
      if (round === ROUNDS - 1) heaps[tab].after = await heap();
      seen[tab] = {
        channelCards: await page.locator('[data-testid^="channel-"]').count(),
        stringRows: await page.locator('[data-testid="overview"] [data-testid^="string-"]').count(),
      };
      total.sent += sent - sentBefore;
      total.samples.push(...samples);
      for (const m of METRICS) total[m] += after[m] - before[m];
      total.rounds.push(
        ((after.TaskDuration - before.TaskDuration) * 1000) / Math.max(1, samples.length),
      );
    }
  }

  for (const tab of TABS) {
    const total = totals[tab];
    const received = total.samples.length;
    const perMessage = (name) => (total[name] * 1000) / Math.max(1, received);
    const sorted = [...total.samples].sort((a, b) => a - b);
    const pct = (p) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
    const { before, after } = heaps[tab];
    out.push(
      `${tab} tab: messages sent ${total.sent}, handled in the page ${received}; channel cards shown ${seen[tab].channelCards}, overview string rows ${seen[tab].stringRows}`,
      `  main thread per message (Chromium task time): ${perMessage('TaskDuration').toFixed(2)} ms` +
        ` (script ${perMessage('ScriptDuration').toFixed(2)} ms, layout ${perMessage('LayoutDuration').toFixed(2)} ms,` +
        ` style ${perMessage('RecalcStyleDuration').toFixed(2)} ms; includes the 1 s clock and paints);` +
        ` per round ${total.rounds.map((r) => r.toFixed(2)).join(', ')} ms`,
      `  handler + React commit per message: mean ${(total.samples.reduce((a, b) => a + b, 0) / Math.max(1, received)).toFixed(2)} ms,` +
        ` median ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, max ${pct(100).toFixed(2)} ms`,
      `  JS heap used after GC: before ${mb(before)} MB, after ${mb(after)} MB (${after >= before ? '+' : ''}${mb(after - before)} MB)`,
    );
  }
  const perMessageOf = (tab) => totals[tab].TaskDuration / Math.max(1, totals[tab].samples.length);
  const [first, ...others] = TABS;
  for (const tab of others) {
    const change = (perMessageOf(tab) / perMessageOf(first) - 1) * 100;
    const rounds = totals[tab].rounds.map((r, i) => (r / totals[first].rounds[i] - 1) * 100);
    const median = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)] ?? 0;
    const signed = (n) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} %`;
    out.push(
      `${tab} against ${first}: ${signed(change)} main-thread time per message over all rounds,` +
        ` median round ${signed(median)} (rounds ${rounds.map(signed).join(', ')})`,
    );
  }
  out.push(`bench took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  clearInterval(sender);
  await browser.close();
  wss.close();
  http.close();
}
