#!/usr/bin/env node
// Soak (issue 17): the real server at SIM_SPEED 60 with a real Mosquitto, 500 live-socket
// clients (100 stay, 400 come and go at random; worker threads), an admin saving settings every
// second, limit and power commands every few seconds, the broker restarted twice, the console
// socket open throughout. Prints RSS and heap every minute, event-loop delay, messages missed
// per client, errors in the log, MQTT reconnect time and discovery, and checks the config on
// disk at the end. The heap left after a forced full GC (through the server's inspector, see
// lib/inspector.mjs) is printed at the end under load and once the load has stopped, and in
// runs of 10 minutes or more also after warm-up and every 10 minutes: unlike RSS it does not
// move with the collector, so growth there is a leak. `--minutes N` (default 1; 30 for the long
// run); `--heap-snapshots DIR` also writes a heap snapshot after warm-up and at the end to
// compare (taking one swells RSS by ~150 MiB, so that run's RSS figures do not count); `--check`
// exits 1 on an unhandled error in the log, a message lost to a client that stayed connected,
// the console socket dropped, or a config file that does not load as the last answered save
// (never on a timing figure).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyse, percentile, startClients } from './lib/live-clients.mjs';
import { fmt, pickPort, sleep, startServer, stopServer } from './lib/bench-server.mjs';
import { INSPECT_ARGS, connectInspector, inspectorUrl } from './lib/inspector.mjs';
import { startMosquitto } from './lib/mosquitto.mjs';
import { startHeapProbe } from './lib/soak-heap-probe.mjs';
import { logProblems, sameSave } from './lib/soak-report.mjs';
import * as load from './lib/soak-load.mjs';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1' },
    check: { type: 'boolean', default: false },
    'heap-snapshots': { type: 'string' },
  },
});
const durationMs = Number(flags.minutes) * 60_000;
const STAYERS = 100;
const CHURNERS = 400;
const CHURN = { stayMinMs: 2000, stayMaxMs: 15_000, awayMinMs: 500, awayMaxMs: 5000 };
const BROKER_DOWN_MS = 4000;
// Frames first seen this close to a session's start or end are not owed to it.
const GRACE_MS = 3000;
const out = (text) => process.stdout.write(text);
const since = (t0) => ((Date.now() - t0) / 1000).toFixed(0).padStart(4);

const SERVER_ENV = { SIM_SPEED: '60', SIM_START: '2025-06-21T16:00:00', SIM_SEED: '7' };
const ready = async (url) => (await (await fetch(`${url}/api/livedata/status`)).json()).inverters;
async function restartBroker(broker, client, discovery, t0) {
  out(`${since(t0)} s  broker stopped\n`);
  await broker.stop();
  await sleep(BROKER_DOWN_MS);
  await broker.start();
  const back = Date.now();
  const reconnectMs = await load.waitMqttConnected(client, back);
  // Discovery is retained: the subscriber gets it whether it reconnects before or after.
  const end = Date.now() + 15_000;
  while (Date.now() < end && !discovery.discovery.some((t) => t >= back)) await sleep(100);
  const republished = discovery.discovery.some((t) => t >= back);
  out(
    `${since(t0)} s  broker back; MQTT reconnected after ${reconnectMs === null ? 'NO RECONNECT' : `${reconnectMs} ms`}, ` +
      `discovery ${republished ? 'republished' : 'NOT republished'}\n`,
  );
  return { reconnectMs, republished };
}

async function main() {
  // A hang fails too (the exit kills the server and the broker: bench-server.mjs).
  setTimeout(() => {
    process.stderr.write('soak: took far too long, giving up\n');
    process.exit(1);
  }, durationMs + 120_000).unref();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-soak-'));
  const port = await pickPort(8131, 8134);
  const broker = await startMosquitto(await pickPort(8135, 8139));
  let server;
  const problems = [];
  try {
    server = await startServer({ port, dataDir, env: SERVER_ENV, ready, nodeArgs: INSPECT_ARGS });
    const inspector = await connectInspector(inspectorUrl(server.output));
    const client = load.api(server.url);
    const serials = (await client.get('/api/livedata/status')).inverters.map((i) => i.serial);
    const mqttConfig = await client.get('/api/mqtt/config');
    const mqttAnswer = await client.post('/api/mqtt/config', {
      ...mqttConfig,
      mqtt_enabled: true,
      mqtt_hostname: broker.host,
      mqtt_port: broker.port,
      mqtt_hass_enabled: true,
      mqtt_hass_retain: true,
    });
    if (mqttAnswer.code !== 1001) throw new Error(`MQTT settings refused: ${mqttAnswer.code}`);
    const discovery = await load.watchDiscovery(broker.url);
    const firstConnectMs = await load.waitMqttConnected(client, Date.now());
    out(
      `\nSoak: ${flags.minutes} min, server ${server.kind} at SIM_SPEED 60 from 16:00, ${serials.length} inverters, ` +
        `${STAYERS} + ${CHURNERS} churning live clients, Mosquitto on ${broker.port}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n` +
        `MQTT connected after ${firstConnectMs} ms\n\n`,
    );

    const url = server.url.replace('http', 'ws') + '/livedata';
    const clients = await startClients({ url, stayers: STAYERS, churners: CHURNERS, churn: CHURN });
    const consoleSocket = await load.openConsole(server.url);
    await clients.record();
    const t0 = Date.now();
    const from = performance.timeOrigin + performance.now();
    const saver = await load.startSaver(client);
    const commander = load.startCommander(client, serials);
    let nextPrint = 0;
    let printed = null;
    const sampler = load.startSampler(client, server.child.pid, 10_000, (s) => {
      if (s.at - t0 < nextPrint) return;
      nextPrint += 60_000;
      const cpu = printed ? ((s.cpu - printed.cpu) / (s.at - printed.at)) * 1000 * 100 : NaN;
      printed = s;
      out(
        `${since(t0)} s  RSS ${fmt(s.rss)} MiB, heap ${fmt(s.heapUsed)} / ${fmt(s.heapTotal)} MiB, ` +
          `event loop (last 10 s) p50 ${fmt(s.loopP50, 2)} ms p99 ${fmt(s.loopP99, 2)} ms, ` +
          `server CPU ${fmt(cpu)} % of a core, machine load ${loadavg()[0].toFixed(1)}\n`,
      );
    });

    // Memory figures compare the span after warm-up with the last span of the run. A forced
    // GC shrinks RSS for a while: the first comes after the first span's samples.
    const span = Math.min(60_000, durationMs / 4);
    const heapProbe = startHeapProbe({
      inspector,
      t0,
      warmUpMs: 2 * span,
      durationMs,
      snapshotsDir: flags['heap-snapshots'],
    });
    const restarts = [];
    for (const at of [0.3, 0.65]) {
      await sleep(Math.max(0, t0 + at * durationMs - Date.now()));
      restarts.push(await restartBroker(broker, client, discovery, t0));
    }
    await sleep(Math.max(0, t0 + durationMs - Date.now()));
    await heapProbe.stop();
    // The last memory samples come before the forced GC, which would shrink RSS.
    await sampler.stop();
    const heapEnd = await heapProbe.at('end');

    await Promise.all([saver.stop(), commander.stop()]);
    const { sessions, endedAt } = await clients.stop();
    consoleSocket.close();
    await discovery.close();
    await heapProbe.at('load stopped');
    const heapWarm = heapProbe.taken.find((h) => h.label === 'warm-up');
    inspector.close();
    const live = analyse(sessions, { from, to: endedAt, graceMs: GRACE_MS });
    if (server.child.exitCode !== null)
      problems.push(`the server exited during the soak (code ${server.child.exitCode})`);
    const exitCode = await stopServer(server);
    const firstRunLog = server.output;

    // The config on disk: valid JSON with the last answered save, and the server boots from it.
    let fileNtp = null;
    try {
      fileNtp = JSON.parse(await readFile(path.join(dataDir, 'config.json'), 'utf8')).ntp;
    } catch (error) {
      problems.push(`config.json unreadable: ${error.message}`);
    }
    server = await startServer({ port, dataDir, env: SERVER_ENV, ready });
    const reloaded = await load.api(server.url).get('/api/ntp/config');
    await stopServer(server);
    const last = saver.state.lastAnswered;
    const onDisk = sameSave(fileNtp, last, {
      ntp_server: 'server',
      latitude: 'latitude',
      longitude: 'longitude',
    });
    const afterBoot = sameSave(reloaded, last);
    if (!onDisk || !afterBoot)
      problems.push(
        `config on disk is not the last answered save (${last?.ntp_server}): file ${fileNtp?.server}, after boot ${reloaded.ntp_server}`,
      );

    // Figures.
    const samples = sampler.samples;
    if (samples.length === 0) throw new Error('no sample of the server was taken');
    const lastSample = samples.at(-1);
    // Memory moves with every collection: compare the medians of the span after warm-up and
    // of the last span of the run (a minute each in the long run).
    const median = (list, key) =>
      percentile(
        list.map((s) => s[key]),
        50,
      );
    const early = samples.filter((s) => s.at - t0 >= span && s.at - t0 < 2 * span);
    const late = samples.filter((s) => s.at > lastSample.at - span);
    const warm = Object.fromEntries(
      ['rss', 'heapUsed', 'heapTotal'].map((k) => [k, median(early.length ? early : samples, k)]),
    );
    const end = Object.fromEntries(
      ['rss', 'heapUsed', 'heapTotal'].map((k) => [k, median(late, k)]),
    );
    const growth = (key) => ((end[key] - warm[key]) / warm[key]) * 100;
    // Windows that began before the clients did (boot included) are not the soak's.
    const windows = [...new Map(samples.map((s) => [s.loopWindow, s])).values()].filter(
      (s) => s.loopWindow > samples[0].loopWindow,
    );
    const worst = windows.reduce(
      (a, b) => (b.loopMax > a.loopMax ? b : a),
      windows[0] ?? lastSample,
    );
    const cpuShare = ((lastSample.cpu - samples[0].cpu) / (lastSample.at - samples[0].at)) * 1e5;
    const logged = logProblems(firstRunLog);
    const stayers = live.missed.filter((m) => m.stayer);
    const churners = live.missed.filter((m) => !m.stayer);
    out(
      `\nResults (${((endedAt - from) / 1000).toFixed(0)} s)\n` +
        `memory (median of ${span / 1000} s after warm-up → of the last ${span / 1000} s): RSS ${fmt(warm.rss)} → ${fmt(end.rss)} MiB (${fmt(growth('rss'))} %), ` +
        `heap used ${fmt(warm.heapUsed)} → ${fmt(end.heapUsed)} MiB (${fmt(growth('heapUsed'))} %), ` +
        `heap total ${fmt(warm.heapTotal)} → ${fmt(end.heapTotal)} MiB (${fmt(growth('heapTotal'))} %); server CPU ${fmt(cpuShare)} % of a core\n` +
        `heap after forced GC: ${heapProbe.taken.map((h) => `${h.label} ${fmt(h.heapUsed / 1048576, 2)}`).join(', ')} MiB; ` +
        `${heapWarm ? `end vs warm-up ${fmt(((heapEnd.heapUsed - heapWarm.heapUsed) / heapWarm.heapUsed) * 100)} %` : 'no warm-up figure in a run under 10 min'}\n` +
        `event-loop delay over ${windows.length} windows of 10 s: p50 ${fmt(
          percentile(
            windows.map((w) => w.loopP50),
            50,
          ),
          2,
        )} ms, ` +
        `p99 median ${fmt(
          percentile(
            windows.map((w) => w.loopP99),
            50,
          ),
          2,
        )} ms, worst window p99 ${fmt(Math.max(...windows.map((w) => w.loopP99)), 2)} ms, ` +
        `max ${fmt(worst.loopMax, 1)} ms (window read at ${((worst.at - t0) / 1000).toFixed(0)} s)\n` +
        `live messages: ${live.broadcasts} broadcasts; stayers (${stayers.length}) missed ${stayers.reduce((n, m) => n + m.missed, 0)} ` +
        `(max ${stayers.reduce((n, m) => Math.max(n, m.missed), 0)} per client, each owed ~${fmt(
          percentile(
            stayers.map((m) => m.owed),
            50,
          ),
          0,
        )}); ` +
        `${churners.length} churner sessions missed ${churners.reduce((n, m) => n + m.missed, 0)} of ${churners.reduce((n, m) => n + m.owed, 0)} owed; ` +
        `delivery spread among stayers p50 ${fmt(live.spreadP50, 1)} ms p99 ${fmt(live.spreadP99, 1)} ms; ` +
        `dropped by server ${live.droppedByServer}${live.dropCodes.length ? ` (${live.dropCodes})` : ''}, refused ${live.refused}\n` +
        `settings saves answered ${saver.state.answered}, failed ${saver.state.failed}; limit commands ${commander.state.limits}, ` +
        `power ${commander.state.power}, failed ${commander.state.failed + commander.state.errors.length}\n` +
        `console socket: ${consoleSocket.state.frames} frames, ${consoleSocket.state.closedEarly === null ? 'open throughout' : `CLOSED early (${consoleSocket.state.closedEarly})`}\n` +
        `MQTT: ${restarts.map((r, i) => `restart ${i + 1} reconnect ${r.reconnectMs ?? 'none'} ms, discovery ${r.republished ? 'republished' : 'MISSING'}`).join('; ')}\n` +
        `log: ${logged.errors.length} errors, ${logged.warnings.length} warnings, ${logged.unhandled.length} unhandled${logged.sample ? `; e.g. ${logged.sample}` : ''}\n` +
        `shutdown exit code ${exitCode}; config on disk ${onDisk ? 'equals' : 'DIFFERS from'} the last answered save ` +
        `(${last?.ntp_server}), the server boots from it ${afterBoot ? 'with it' : 'WITHOUT it'}\n`,
    );
    if (stayers.some((m) => m.missed > 0))
      problems.push('a client that stayed connected missed messages');
    if (consoleSocket.state.closedEarly !== null) problems.push('the console socket was closed');
    if (logged.unhandled.length > 0)
      problems.push(`unhandled errors in the log: ${logged.unhandled[0]}`);
    if (saver.state.answered === 0) problems.push('no settings save was answered');
  } finally {
    await stopServer(server);
    await broker.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (problems.length > 0) out(`\nProblems:\n${problems.map((p) => `- ${p}`).join('\n')}\n`);
  if (flags.check && problems.length > 0) process.exit(1);
  if (flags.check) out('\nsoak check passed\n');
}

main().catch((error) => {
  process.stderr.write(`soak failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
