#!/usr/bin/env node
// /livedata fan-out (issue 3 §7): the real server with 10 inverters, 100 then 500 clients.
// The wire stays clean (no timestamps added), so delivery is measured as the spread between the
// first and the last client receiving the same message, plus the per-inverter push interval
// seen by one client. Server CPU and RSS come from /proc. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const root = path.resolve(import.meta.dirname, '..');
const PHASES = [100, 500];
const MEASURE_MS = 10_000;
const HARD_LIMIT_MS = 58_000;
const CLOCK_TICK = 100; // getconf CLK_TCK on Linux

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

async function cpuTicks(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function startServer(port, dataDir) {
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIM_FLEET: 'none',
      SIM_START: '2025-06-21T12:00:00',
      SIM_SPEED: '10',
      SIM_SEED: '7',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const response = await fetch(`${url}/api/livedata/status`);
      const body = await response.json();
      if (body.inverters.length === FLEET.length && body.inverters.some((i) => i.data_age < 5))
        break;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`server did not come up:\n${output}`);
    await sleep(200);
  }
  return { child, url };
}

function connect(url, count) {
  // Arrivals are only stamped while measuring; keys are computed afterwards so the clients,
  // which share the machine with the server, do as little as possible per message.
  const stamps = []; // [client index, ms, digest]
  const sockets = [];
  let measuring = false;
  const opened = Array.from({ length: count }, (_, index) => {
    const ws = new WebSocket(url.replace('http', 'ws') + '/livedata', { perMessageDeflate: false });
    sockets.push(ws);
    ws.on('message', (data) => {
      if (measuring) stamps.push([index, performance.now(), data]);
    });
    return new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
  });
  return {
    ready: Promise.all(opened),
    start: () => (measuring = true),
    stop: () => (measuring = false),
    close: () =>
      Promise.all(sockets.map((ws) => new Promise((r) => (ws.once('close', r), ws.close())))),
    stamps,
  };
}

/** Per message (same bytes): first and last arrival and how many clients got it. */
function analyse(stamps, windowEnd) {
  const arrivals = new Map();
  const reference = new Map(); // serial → arrival times at client 0
  for (const [index, time, data] of stamps) {
    const key = createHash('sha1').update(data).digest('base64');
    const entry = arrivals.get(key);
    if (entry) {
      entry.last = time;
      entry.count++;
    } else if (time <= windowEnd) arrivals.set(key, { first: time, last: time, count: 1 });
    if (index === 0 && time <= windowEnd) {
      const serial = /"serial":"([0-9a-f]+)"/.exec(data.toString('latin1', 0, 200))?.[1] ?? '?';
      reference.set(serial, [...(reference.get(serial) ?? []), time]);
    }
  }
  return { arrivals, reference };
}

async function phase(url, pid, count) {
  const clients = connect(url, count);
  await clients.ready;
  await sleep(1500); // welcome messages out of the way
  const cpuBefore = await cpuTicks(pid);
  const started = performance.now();
  clients.start();
  await sleep(MEASURE_MS);
  const elapsed = performance.now() - started;
  const cpu = ((await cpuTicks(pid)) - cpuBefore) / CLOCK_TICK / (elapsed / 1000);
  const mem = await memory(pid);
  // Messages under way when the window closed still count for their late receivers.
  await sleep(1000);
  clients.stop();
  await clients.close();
  const { arrivals, reference } = analyse(clients.stamps, started + elapsed);
  const complete = [...arrivals.values()].filter((a) => a.count === count);
  const spreads = complete.map((a) => a.last - a.first);
  const gaps = [...reference.values()].flatMap((times) =>
    times.slice(1).map((t, i) => t - times[i]),
  );
  return {
    clients: count,
    messages: arrivals.size,
    complete: complete.length,
    rate: arrivals.size / (elapsed / 1000),
    p50: percentile(spreads, 50),
    p99: percentile(spreads, 99),
    max: Math.max(...spreads),
    gapP50: percentile(gaps, 50) / 1000,
    gapMax: Math.max(...gaps) / 1000,
    cpu: cpu * 100,
    rss: mem.rss,
    peak: mem.peak,
  };
}

async function main() {
  const watchdog = setTimeout(() => {
    process.stderr.write('livedata-fanout: took too long, giving up\n');
    process.exit(1);
  }, HARD_LIMIT_MS);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-bench-'));
  const port = await freePort();
  let server;
  try {
    server = await startServer(port, dataDir);
    const idleBefore = await cpuTicks(server.child.pid);
    await sleep(2000);
    const idle = ((await cpuTicks(server.child.pid)) - idleBefore) / CLOCK_TICK / 2;
    const idleMem = await memory(server.child.pid);
    const rows = [];
    for (const count of PHASES) rows.push(await phase(server.url, server.child.pid, count));

    const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
    process.stdout.write(
      `\n/livedata fan-out: 10 inverters, poll 1 s at SIM_SPEED 10, ${MEASURE_MS / 1000} s per phase\n` +
        `idle (0 clients): server CPU ${f(idle * 100)} %, RSS ${f(idleMem.rss)} MiB; ` +
        `machine load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n\n` +
        'clients | msgs/s | msgs to all | spread p50 ms | p99 ms | max ms | push gap p50/max s | CPU % | RSS MiB | peak MiB\n' +
        '------- | ------ | ----------- | ------------- | ------ | ------ | ------------------ | ----- | ------- | --------\n',
    );
    for (const r of rows) {
      process.stdout.write(
        `${String(r.clients).padStart(7)} | ${f(r.rate).padStart(6)} | ${`${r.complete}/${r.messages}`.padStart(11)} | ` +
          `${f(r.p50, 2).padStart(13)} | ${f(r.p99, 2).padStart(6)} | ${f(r.max, 2).padStart(6)} | ` +
          `${`${f(r.gapP50, 2)} / ${f(r.gapMax, 2)}`.padStart(18)} | ${f(r.cpu).padStart(5)} | ` +
          `${f(r.rss).padStart(7)} | ${f(r.peak).padStart(8)}\n`,
      );
    }
    process.stdout.write(
      '\nspread = last minus first arrival of one message across all clients (clients share the\n' +
        'machine with the server, so it includes client-side work). CPU % of one core.\n',
    );
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

main().catch((error) => {
  process.stderr.write(`livedata-fanout failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
