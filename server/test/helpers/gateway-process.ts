import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { freePort } from './mosquitto.js';

const SERVER_ROOT = path.join(import.meta.dirname, '../..');
const MAIN = path.join(SERVER_ROOT, 'src/main.ts');

/** The gateway as its own process (main.ts through tsx), on a fixed port and data dir. */
export interface GatewayProcess {
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Everything the current process printed (stdout and stderr). */
  output(): string;
  /** SIGKILL, as a power cut; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Boots again on the same port and data dir; resolves once it listens. */
  start(): Promise<void>;
  /** SIGTERM (a clean shutdown); resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * Starts main.ts on a free loopback port and a fresh data dir (or `dataDir`), resolves once it
 * listens, and kills it and removes the fresh data dir when the test (or `onFinished`) ends.
 * `env` adds to the environment, e.g. `SIM_FLEET: 'none'`.
 */
export async function startGatewayProcess({
  env = {},
  dataDir,
  onFinished = (cleanup) => onTestFinished(cleanup),
}: {
  env?: Record<string, string>;
  dataDir?: string;
  onFinished?: (cleanup: () => Promise<void>) => void;
} = {}): Promise<GatewayProcess> {
  const port = await freePort();
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'heliodtu-process-')));
  let child: ChildProcess | undefined;
  let output = '';
  const gone = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (!child) return;
    const exited = gone(child);
    child.kill(signal);
    await exited;
  };
  const gateway: GatewayProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir: dir,
    get child() {
      if (!child) throw new Error('not started');
      return child;
    },
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    async start() {
      output = '';
      const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: SERVER_ROOT,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      await new Promise<void>((resolve, reject) => {
        const collect = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('HelioDTU listening on')) resolve();
        };
        proc.stdout?.on('data', collect);
        proc.stderr?.on('data', collect);
        proc.once('exit', (code) => reject(new Error(`main.ts exited (${code}): ${output}`)));
      });
    },
  };
  onFinished(async () => {
    await end('SIGKILL');
    if (!dataDir) await rm(dir, { recursive: true, force: true });
  });
  await gateway.start();
  return gateway;
}

/**
 * Makes a freshly started gateway behave like a locked-down device: its admin password set to
 * `password` and read-only access off, through its own security endpoint.
 */
export async function lockGatewayProcess(gateway: GatewayProcess, password: string): Promise<void> {
  const form = new FormData();
  form.append('data', JSON.stringify({ password, allow_readonly: false }));
  const saved = await fetch(`${gateway.url}/api/security/config`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
    body: form,
  });
  const answer = (await saved.json()) as { code?: number };
  if (answer.code !== 1001) throw new Error(`security config refused: ${JSON.stringify(answer)}`);
}
