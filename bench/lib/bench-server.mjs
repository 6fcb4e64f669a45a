// The real gateway for the benchmarks: a port of engineer B2's range (8130-8139, else any free
// one), its own data folder, the compiled server when it is built and current, else tsx.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
// BENCH_SERVER_ROOT runs another checkout's server (an A/B of two versions under one load).
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const CLOCK_TICK = 100; // getconf CLK_TCK on Linux

// Whatever ends a benchmark (a watchdog, run-all's timeout, Ctrl-C), no process it started stays.
const children = new Set();
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => process.exit(1));

/** Spawns a process that is killed when the benchmark exits, however it exits. */
export function spawnOwned(command, args, options) {
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const bound = server.address().port;
      server.close(() => resolve(bound));
    });
  });
}

/** The first free port of `from`..`to`, else one the system picks. */
export async function pickPort(from = 8130, to = 8139) {
  for (let port = from; port <= to; port++) if (await portFree(port)) return port;
  return portFree(0);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** node arguments that run the server: server/dist/main.js when current, else tsx on the source. */
export function serverArgs() {
  const compiled = path.join(serverRoot, 'server/dist/main.js');
  const sources = [path.join(serverRoot, 'server/src'), path.join(serverRoot, 'contract/src')];
  if (existsSync(compiled) && statSync(compiled).mtimeMs >= Math.max(...sources.map(newestMtime)))
    return { args: [compiled], kind: 'compiled' };
  return { args: ['--import', 'tsx', 'server/src/main.ts'], kind: 'tsx' };
}

/**
 * Spawns the server; `ready(url)` decides when it is up. Output is kept for the caller.
 * `nodeArgs` go to node before the script (the soak's inspector).
 */
export async function startServer({
  port,
  dataDir,
  env,
  ready,
  nodeArgs = [],
  timeoutMs = 30_000,
}) {
  const { args, kind } = serverArgs();
  const child = spawnOwned(process.execPath, [...nodeArgs, ...args], {
    cwd: serverRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, kind, url: `http://127.0.0.1:${port}`, output: '' };
  child.stdout.on('data', (chunk) => (server.output += chunk));
  child.stderr.on('data', (chunk) => (server.output += chunk));
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${server.output}`);
    try {
      if (await ready(server.url)) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`server did not come up:\n${server.output}`);
    await sleep(200);
  }
}

/** SIGTERM, then SIGKILL after 5 s; resolves with the exit code (null when killed). */
export async function stopServer(server) {
  if (!server || server.child.exitCode !== null) return server?.child.exitCode ?? null;
  const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(5000).then(() => 'timeout')]);
  if (code !== 'timeout') return code;
  server.child.kill('SIGKILL');
  await exited;
  return null;
}

/** utime + stime of a process, in seconds. */
export async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICK;
}

/** RSS and peak RSS of a process in MiB. */
export async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
