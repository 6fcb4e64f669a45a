#!/usr/bin/env node
// Energy history (issue 14 "Figures"): the gateway's history store with 10 inverters × 6
// strings and 2 years of 5-minute buckets. Prints the write cost per poll (recording in memory
// and the batched flush), the database size per inverter-year, the query time of one day and
// one year (p50/p99), the demo backfill time, and the RSS a gateway gains with history on.
// Aims (issue 14): day ≤ 20 ms, year ≤ 50 ms, ≤ 30 MB per 10 inverter-years. Asserts nothing.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { fmt, memory, pickPort, startServer, stopServer } from './lib/bench-server.mjs';

register();
const src = (file) => import(path.resolve(import.meta.dirname, '../server/src/history', file));
const { HistoryStore } = await src('store.ts');
const { HistoryRecorder } = await src('recorder.ts');
const { LocalCalendar } = await src('local-day.ts');
const { dayView, periodView } = await src('queries.ts');
const { backfill } = await src('backfill.ts');
const { demoFleetSlots } = await import(
  path.resolve(import.meta.dirname, '../server/src/device/demo-fleet.ts')
);
const { SIMULATED_DEVICE_ID: DEVICE } = await import(
  path.resolve(import.meta.dirname, '../server/src/device/device-id.ts')
);

const TZ = 'CET-1CEST,M3.5.0,M10.5.0/3';
const INVERTERS = 10;
const STRINGS = 6;
const DAYS = Number(process.env.HISTORY_BENCH_DAYS ?? 730);
const END = Date.parse('2025-06-21T22:00:00Z'); // local midnight after 2025-06-21
const calendar = new LocalCalendar(TZ);
const serials = Array.from({ length: INVERTERS }, (_, i) => `1382938${String(i).padStart(5, '0')}`);
const strings = Array.from({ length: STRINGS }, (_, i) => `S${i + 1}`);

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const timed = (fn) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};
/** Bytes of the files in `dir` whose name starts with `prefix` (the database and its WAL). */
const dirSize = async (dir, prefix = '') =>
  (
    await Promise.all(
      (await readdir(dir)).filter((n) => n.startsWith(prefix)).map((n) => stat(path.join(dir, n))),
    )
  ).reduce((sum, s) => sum + s.size, 0);

/** Seasonal daylight bell: watts of one inverter at `ms` (a cloud term makes max > avg). */
function power(ms, i) {
  const p = calendar.dayOf(ms);
  const dayOfYear = ((p % 365) + 365) % 365;
  const season = Math.sin(((dayOfYear - 80) / 365) * 2 * Math.PI); // -1 winter .. 1 summer
  const hours = 12 + 4 * season;
  const noon = calendar.startOf(p) + 13.25 * 3_600_000;
  const x = (ms - noon) / (hours * 1_800_000);
  if (Math.abs(x) >= 1) return 0;
  const clouds = 0.75 + 0.25 * Math.sin(ms / 600_000 + i);
  return (1500 + 40 * i) * (0.55 + 0.45 * season) * Math.cos((x * Math.PI) / 2) ** 1.5 * clouds;
}

const lines = [];
const print = (line) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
print(
  `history bench: ${INVERTERS} inverters × ${STRINGS} strings, ${DAYS} days; load ${loadavg()[0].toFixed(1)}`,
);

const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-history-bench-'));
try {
  // 1a. Write cost at the gateway's cadence: one poll every 5 s (round robin, each inverter
  // every 50 s) through the real recorder, a flush after each poll (the 5-s flush timer).
  {
    const costDir = path.join(dir, 'cost');
    const store = HistoryStore.open(costDir, () => undefined);
    const recorder = new HistoryRecorder(store, DEVICE, () => calendar);
    const totals = serials.map(() => 0);
    let polls = 0;
    let recordMs = 0;
    let flushMs = 0;
    const from = END - 3 * 86_400_000;
    for (let t = from; t < END; t += 5_000) {
      const i = polls % INVERTERS;
      const watts = power(t, i);
      totals[i] += (watts * 50) / 3600;
      recordMs += timed(() =>
        recorder.record(serials[i], `Inverter ${i}`, strings, {
          wallMs: t,
          acW: Math.round(watts * 10) / 10,
          dcW: strings.map((_, k) => Math.round((watts / STRINGS) * (1 + 0.02 * k) * 10) / 10),
          totalWh: Math.floor(totals[i]),
        }),
      );
      flushMs += timed(() => recorder.flush());
      polls++;
    }
    store.close();
    print(
      `write cost per poll (${polls.toLocaleString('en')} polls, 3 days): record ${fmt((recordMs / polls) * 1000, 1)} µs ` +
        `in memory + flush ${fmt((flushMs / polls) * 1000, 1)} µs (one transaction every 5 s, off the poll path)`,
    );
  }

  // 1b. Two years written as the recorder stores them: one row per inverter per productive
  // bucket (avg/max of the inverter and of 6 strings, Wh) and one per inverter and day.
  const store = HistoryStore.open(dir, () => undefined);
  const ids = serials.map((serial, i) =>
    store.upsertInverter(DEVICE, serial, `Inverter ${i}`, strings),
  );
  let rows = 0;
  const fillMs = timed(() => {
    for (let day = calendar.dayOf(END - DAYS * 86_400_000); day < calendar.dayOf(END); day++) {
      const batch = { buckets: [], days: [], counters: [] };
      const totalsOfDay = ids.map(() => ({ day, wh: 0, peak: 0, peakAt: null }));
      for (let t = calendar.startOf(day); t < calendar.startOf(day + 1); t += 300_000) {
        ids.forEach((inv, i) => {
          const avg = power(t + 150_000, i);
          if (avg <= 0) return;
          const max = avg * 1.04;
          const dc = Buffer.alloc(STRINGS * 4);
          for (let k = 0; k < STRINGS; k++) {
            dc.writeUInt16LE(Math.round((avg / STRINGS) * 10), k * 4);
            dc.writeUInt16LE(Math.round((max / STRINGS) * 10), k * 4 + 2);
          }
          const wh = Math.round(avg / 12);
          batch.buckets.push({
            inv,
            row: {
              t: t / 1000,
              n: 6,
              avg: Math.round(avg * 10),
              max: Math.round(max * 10),
              wh,
              dc,
            },
          });
          const totals = totalsOfDay[i];
          totals.wh += wh;
          if (max * 10 > totals.peak) {
            totals.peak = Math.round(max * 10);
            totals.peakAt = t / 1000;
          }
        });
      }
      rows += batch.buckets.length;
      batch.days = ids.map((inv, i) => ({ inv, totals: totalsOfDay[i] }));
      store.write(batch);
    }
  });
  store.close();
  print(`fill: ${rows.toLocaleString('en')} bucket rows in ${fmt(fillMs / 1000)} s`);
  const bytes = (await readdir(dir)).some((n) => n.startsWith('history.sqlite'))
    ? await dirSize(dir, 'history.sqlite')
    : 0;
  const inverterYears = (INVERTERS * DAYS) / 365;
  print(
    `database size: ${fmt(bytes / 1e6)} MB total, ${fmt(bytes / 1e6 / inverterYears, 2)} MB per inverter-year, ` +
      `${fmt((bytes / 1e6 / inverterYears) * 10)} MB per 10 inverter-years (aim ≤ 30)`,
  );

  // 2. Queries on the reopened file (cold statements, warm page cache).
  const rssBefore = process.memoryUsage().rss;
  const reopened = HistoryStore.open(dir, () => undefined);
  const ctx = { store: reopened, device: DEVICE, calendar, present: serials };
  const lastDay = calendar.dayOf(END - 1);
  const randomDay = (k) => lastDay - ((k * 7919) % (DAYS - 1));
  const dayTimes = Array.from({ length: 200 }, (_, k) =>
    timed(() => dayView(ctx, randomDay(k), { strings: false })),
  );
  const dayStringTimes = Array.from({ length: 100 }, (_, k) =>
    timed(() => dayView(ctx, randomDay(k), { strings: true })),
  );
  const yearTimes = Array.from({ length: 40 }, (_, k) => {
    const year = 2025 - (k % 2);
    const from = calendar.dayOf(Date.UTC(year, 0, 1, 12));
    return timed(() =>
      periodView(ctx, 'year', String(year), from, from + 364, (d) => d.slice(0, 7)),
    );
  });
  const monthTimes = Array.from({ length: 40 }, (_, k) => {
    const from = lastDay - 30 * (k % 24) - 29;
    return timed(() => periodView(ctx, 'month', 'm', from, from + 29, (d) => d));
  });
  const first = reopened.dayRange(DEVICE)?.first ?? 0;
  const lifetime = timed(() =>
    periodView(ctx, 'years', 'lifetime', first, lastDay, (d) => d.slice(0, 4)),
  );
  print(
    `query one day (10 inverters): p50 ${fmt(pct(dayTimes, 50), 2)} ms, p99 ${fmt(pct(dayTimes, 99), 2)} ms (aim ≤ 20)`,
  );
  print(
    `query one day with 60 strings: p50 ${fmt(pct(dayStringTimes, 50), 2)} ms, p99 ${fmt(pct(dayStringTimes, 99), 2)} ms`,
  );
  print(
    `query one month: p50 ${fmt(pct(monthTimes, 50), 2)} ms, p99 ${fmt(pct(monthTimes, 99), 2)} ms`,
  );
  print(
    `query one year: p50 ${fmt(pct(yearTimes, 50), 2)} ms, p99 ${fmt(pct(yearTimes, 99), 2)} ms (aim ≤ 50); lifetime ${fmt(lifetime, 2)} ms`,
  );
  print(
    `RSS added by the open store and these queries: ${fmt((process.memoryUsage().rss - rssBefore) / 1e6)} MB`,
  );
  reopened.close();

  // 3. Demo backfill (3 inverters, 60 days) as a fresh demo gateway runs it after listening
  // (asynchronous: it yields a turn of the event loop per simulated hour), without and with the
  // simulated house's grid (power-control §4), alternated so machine load touches both alike.
  const backfillTimes = { production: [], house: [] };
  const demoMb = {};
  for (let run = 0; run < 6; run++) {
    const variant = run % 2 === 0 ? 'production' : 'house';
    const demoDir = path.join(dir, `demo-${run}`);
    const demo = HistoryStore.open(demoDir, () => undefined);
    const backfillStart = performance.now();
    await backfill(
      demo,
      DEVICE,
      calendar,
      {
        slots: demoFleetSlots(),
        seed: 1,
        latitude: 51.1657,
        longitude: 10.4515,
        nowMs: Date.parse('2025-06-21T10:00:00Z'),
        days: 60,
        house: variant === 'house' ? { seed: 1, timezone: TZ } : undefined,
      },
      () => false,
    );
    backfillTimes[variant].push(performance.now() - backfillStart);
    demo.close();
    demoMb[variant] = (await dirSize(demoDir, 'history.sqlite')) / 1e6;
  }
  // The first run warms the code up: the median of three.
  const backfillMs = (variant) => pct(backfillTimes[variant], 50);
  print(
    `demo backfill (3 inverters, 60 days): ${fmt(backfillMs('production'), 0)} ms, ${fmt(demoMb.production, 2)} MB; ` +
      `with the simulated house's grid ${fmt(backfillMs('house'), 0)} ms, ${fmt(demoMb.house, 2)} MB (median of 3)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}

// 4. RSS of a demo gateway with HISTORY=off and =on (after the backfill), 3 s after ready.
const rss = {};
for (const history of ['off', 'on']) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-history-rss-'));
  const port = await pickPort(8140, 8149);
  let server;
  try {
    server = await startServer({
      port,
      dataDir,
      env: { HISTORY: history, SIM_START: '2025-06-21T12:00:00', SIM_FLEET: 'demo' },
      ready: async (url) => (await fetch(`${url}/api/system/status`)).ok,
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rss[history] = await memory(server.child.pid);
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}
print(
  `gateway RSS (demo fleet, 3 s after ready): history off ${fmt(rss.off.rss)} MiB, on ${fmt(rss.on.rss)} MiB ` +
    `(+${fmt(rss.on.rss - rss.off.rss)} MiB; peak ${fmt(rss.off.peak)} → ${fmt(rss.on.peak)} MiB)`,
);
