import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { freePort } from './mosquitto.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A process as /proc knows it; the start time tells a reused pid apart. */
export interface ProcessId {
  pid: number;
  startTime: string;
  cmdline: string;
}

async function procStat(pid: number): Promise<{ ppid: number; startTime: string } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), startTime: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** `root` and all its descendants, found through the parent pids in /proc. */
export async function processTree(root: number): Promise<ProcessId[]> {
  const children = new Map<number, number[]>();
  const stats = new Map<number, string>();
  for (const name of await readdir('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = await procStat(pid);
    if (!stat) continue;
    stats.set(pid, stat.startTime);
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  const tree: ProcessId[] = [];
  const visit = async (pid: number) => {
    const startTime = stats.get(pid);
    if (startTime === undefined) return;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    tree.push({ pid, startTime, cmdline: cmdline.split('\0').join(' ').trim() });
    for (const child of children.get(pid) ?? []) await visit(child);
  };
  await visit(root);
  return tree;
}

/** The processes of `tree` still running (same pid and the same start time). */
export async function survivors(tree: ProcessId[]): Promise<ProcessId[]> {
  const alive: ProcessId[] = [];
  for (const entry of tree) {
    const stat = await procStat(entry.pid);
    if (stat && stat.startTime === entry.startTime) alive.push(entry);
  }
  return alive;
}

/** True when the port can be bound again. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface NpmStart {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  /** npm, the launcher and the gateway, as they run once it listens. */
  tree: ProcessId[];
  /** The gateway process (the compiled server). */
  server: ProcessId;
  launcher: ProcessId;
  output(): string;
  /** Resolves once stdout has a line containing `text`. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** npm's exit code (or 128 + signal number). */
  exited: Promise<number>;
}

/**
 * `npm start` as a user runs it, on a free port, a fresh data dir and a tiny interface folder
 * (WEB_DIST: the interface is neither built nor needed). Resolves once the gateway listens.
 */
export async function npmStart({
  config,
  env = {},
}: { config?: object; env?: Record<string, string> } = {}): Promise<NpmStart> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-process-'));
  const webDist = path.join(dataDir, 'web');
  // Without a config.json the first boot installs the demo fleet; given, missing sections default.
  if (config) await writeFile(path.join(dataDir, 'config.json'), JSON.stringify(config));
  await mkdir(webDist);
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>HelioDTU</title>');
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      REBOOT_DELAY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of listeners) wake();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? 128 + signalNumber(signal))),
  );
  let tree: ProcessId[] = [];
  onTestFinished(async () => {
    // Whatever the test left running is killed, the whole tree.
    for (const entry of await survivors(tree)) process.kill(entry.pid, 'SIGKILL');
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  const waitForOutput = (text: string, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  // A stale server/dist is compiled first; that takes a few seconds on a busy machine.
  await Promise.race([
    waitForOutput('HelioDTU listening on', 60_000),
    exited.then((code) => Promise.reject(new Error(`npm start exited (${code}):\n${output}`))),
  ]);
  tree = await processTree(child.pid ?? -1);
  const server = tree.find((p) => p.cmdline.includes('server/dist/main.js'));
  const launcher = tree.find((p) => p.cmdline.includes('scripts/start.mjs'));
  if (!server || !launcher) throw new Error(`unexpected process tree: ${JSON.stringify(tree)}`);
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    tree,
    server,
    launcher,
    output: () => output,
    waitForOutput,
    exited,
  };
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
const signalNumber = (signal: NodeJS.Signals | null) => (signal ? (SIGNALS[signal] ?? 0) : 0);

/** Waits for npm to exit and the tree and port to be gone; resolves with exit code and ms taken. */
export async function awaitGone(
  gw: NpmStart,
  since: number,
  limitMs = 5000,
): Promise<{ code: number; ms: number; left: ProcessId[]; portFree: boolean }> {
  const code = await gw.exited;
  for (;;) {
    const left = await survivors(gw.tree);
    const portFree = await portIsFree(gw.port);
    const ms = Date.now() - since;
    if ((left.length === 0 && portFree) || ms > limitMs) return { code, ms, left, portFree };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
