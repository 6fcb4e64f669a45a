#!/usr/bin/env node
// History day chart in the browser (issue 14 "Figures"): the built web app in Debian's Chromium,
// served with a day of 10 inverters × 6 strings, every 5-minute bucket filled (288 per curve).
// Prints the main-thread time from building the uPlot chart to its first drawn frame (the
// page's own performance.measure 'history-day-chart'), for the fleet view (fleet + 10 inverter
// curves) and one inverter with its 6 strings, at full speed and with the CPU slowed 4× (a
// phone). Aim: ≤ 50 ms. Asserts nothing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_WEB_DIST: another build to measure (default: the normal build).
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const INVERTERS = 10;
const STRINGS = 6;
const DATE = '2025-06-21';
const START = 1750456800; // local midnight, UTC+2
const STEP = 300;

if (!existsSync(path.join(dist, 'index.html'))) {
  process.stdout.write('web/dist missing: building it first\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

//-- A synthetic history API: a clear June day, the whole day polled

const serialOf = (i) => `1382823500${String(i).padStart(2, '0')}`;
const sun = (t) => Math.max(0, Math.sin((((t - START) / 86400) * 24 - 5) * (Math.PI / 16)));
const curve = (scale) => {
  const points = [];
  for (let t = START; t < START + 86400; t += STEP) {
    const w = Math.round(scale * sun(t) * 10) / 10;
    points.push([t, w, Math.round(w * 1.05 * 10) / 10]);
  }
  return points;
};
const peak = { peak_w: 0, peak_at: START + 13 * 3600, peak_local: '13:00' };
const inverter = (i, withStrings) => ({
  serial: serialOf(i),
  name: `Roof ${i + 1}`,
  present: true,
  yield_wh: 9000,
  ...peak,
  peak_w: 1800,
  points: curve(1800),
  ...(withStrings
    ? {
        strings: Array.from({ length: STRINGS }, (_, s) => ({
          index: s,
          name: `Roof ${i + 1}.${s + 1}`,
          points: curve(300),
        })),
      }
    : {}),
});
const range = {
  version: 1,
  tz: 'CET-1CEST,M3.5.0,M10.5.0/3',
  today: DATE,
  first_day: '2025-04-22',
  last_day: DATE,
  bucket_minutes: 5,
  retention_days: 730,
  recording: true,
  inverters: Array.from({ length: INVERTERS }, (_, i) => ({
    serial: serialOf(i),
    name: `Roof ${i + 1}`,
    present: true,
    strings: Array.from({ length: STRINGS }, (_, s) => ({
      index: s,
      name: `Roof ${i + 1}.${s + 1}`,
    })),
  })),
};
function day(serial) {
  const inverters = serial
    ? [inverter(Number(serial.slice(-2)), true)]
    : Array.from({ length: INVERTERS }, (_, i) => inverter(i, false));
  return {
    date: DATE,
    tz: range.tz,
    bucket_minutes: 5,
    start: START,
    end: START + 86400,
    utc_offsets: [[START, 7200]],
    total: {
      yield_wh: 9000 * inverters.length,
      ...peak,
      peak_w: 1800 * inverters.length,
      points: curve(1800 * inverters.length),
    },
    inverters,
  };
}

const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};
const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  const json = (body) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/api/history/range') return json(range);
  if (url.pathname === '/api/history/day') return json(day(url.searchParams.get('serial')));
  const file = path.join(dist, path.normalize(url.pathname));
  const found =
    file.startsWith(dist) && existsSync(file) && !file.endsWith('/') && path.extname(file);
  // Everything else answers like the device: the file, or index.html.
  const served = found ? file : path.join(dist, 'index.html');
  const body = await readFile(served);
  response.writeHead(200, {
    'Content-Type': TYPES[path.extname(served)] ?? 'application/octet-stream',
  });
  response.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

async function measure(label, query, viewport, cpuRate) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${base}history?${query}`);
    const handle = await page.waitForFunction(
      () => performance.getEntriesByName('history-day-chart')[0]?.duration,
      undefined,
      { timeout: 30_000 },
    );
    times.push(await handle.jsonValue());
  }
  await context.close();
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)];
  const line = `${label.padEnd(46)} p50 ${p50.toFixed(1).padStart(6)} ms   max ${times.at(-1).toFixed(1).padStart(6)} ms   (${RUNS} loads)`;
  process.stdout.write(`${line}\n`);
}

process.stdout.write(
  `History day chart: build → first frame, main thread (${INVERTERS} inverters × ${STRINGS} strings, 288 buckets)\n`,
);
const desktop = { width: 1280, height: 900 };
const phone = { width: 360, height: 740 };
await measure('fleet + 10 inverters, 1280 px', `view=day&date=${DATE}`, desktop, 1);
await measure('fleet + 10 inverters, 360 px, CPU 4× slower', `view=day&date=${DATE}`, phone, 4);
// One inverter with strings: picked in the screen's select, so the measure is of the second chart.
async function measureStrings(label, viewport, cpuRate) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${base}history?view=day&date=${DATE}`);
    await page.waitForFunction(
      () => performance.getEntriesByName('history-day-chart').length === 1,
    );
    await page.getByLabel('Curves').selectOption(serialOf(3));
    const handle = await page.waitForFunction(
      () => performance.getEntriesByName('history-day-chart')[1]?.duration,
    );
    times.push(await handle.jsonValue());
  }
  await context.close();
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)];
  process.stdout.write(
    `${label.padEnd(46)} p50 ${p50.toFixed(1).padStart(6)} ms   max ${times.at(-1).toFixed(1).padStart(6)} ms   (${RUNS} loads)\n`,
  );
}
await measureStrings('1 inverter + 6 strings, 1280 px', desktop, 1);
await browser.close();
server.close();
