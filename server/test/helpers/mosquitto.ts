import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const MOSQUITTO_BIN = '/usr/sbin/mosquitto';
const HOST = '127.0.0.1';

export interface MosquittoOptions {
  /** Adds a TLS listener with these PEM files; `requireCertificate` asks for client certificates. */
  tls?: { caFile: string; certFile: string; keyFile: string; requireCertificate?: boolean };
  /** Adds a listener that accepts only this user. */
  credentials?: { username: string; password: string };
}

export interface Mosquitto {
  readonly host: string;
  /** Plain listener, anonymous allowed. */
  readonly port: number;
  readonly tlsPort: number | undefined;
  readonly authPort: number | undefined;
  /** mqtt://127.0.0.1:<port> */
  readonly url: string;
  running(): boolean;
  /** Everything the broker logged (notices include each CONNECT: client id, p2 = MQTT 3.1.1, c = clean, k = keep-alive, u = user). */
  log(): string;
  /** Start again on the same ports, after stop(). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stop for good and remove the temp config (for afterAll). */
  dispose(): Promise<void>;
}

/** A free port on the loopback interface (released again before it is used). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A real Mosquitto on free loopback ports with a temp config, started and waited for. */
export async function startMosquitto(options: MosquittoOptions = {}): Promise<Mosquitto> {
  const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-mosquitto-'));
  const port = await freePort();
  const tlsPort = options.tls ? await freePort() : undefined;
  const authPort = options.credentials ? await freePort() : undefined;
  const lines = [
    // Started as root, mosquitto would switch to its own user and lose access to our temp files.
    `user ${userInfo().username}`,
    'per_listener_settings true',
    'persistence false',
    'log_dest stderr',
    'log_type error',
    'log_type notice',
  ];
  lines.push(`listener ${port} ${HOST}`, 'allow_anonymous true');
  if (options.tls && tlsPort !== undefined) {
    const { caFile, certFile, keyFile, requireCertificate } = options.tls;
    lines.push(`listener ${tlsPort} ${HOST}`, 'allow_anonymous true');
    lines.push(`cafile ${caFile}`, `certfile ${certFile}`, `keyfile ${keyFile}`);
    if (requireCertificate) lines.push('require_certificate true');
  }
  if (options.credentials && authPort !== undefined) {
    const passwordFile = path.join(dir, 'passwords');
    await writeFile(passwordFile, '');
    const { username, password } = options.credentials;
    await run('mosquitto_passwd', ['-b', passwordFile, username, password]);
    lines.push(`listener ${authPort} ${HOST}`, 'allow_anonymous false');
    lines.push(`password_file ${passwordFile}`);
  }
  const configFile = path.join(dir, 'mosquitto.conf');
  await writeFile(configFile, lines.join('\n') + '\n');

  let child: ChildProcess | undefined;
  let stderr = '';
  let fullLog = '';

  const start = async () => {
    if (child) return;
    stderr = '';
    const proc = spawn(MOSQUITTO_BIN, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      fullLog += chunk.toString();
    });
    // Should the test worker die first, the broker goes with it.
    const killOnExit = () => proc.kill();
    process.once('exit', killOnExit);
    proc.once('exit', () => {
      process.off('exit', killOnExit);
      if (child === proc) child = undefined;
    });
    const deadline = Date.now() + 10_000;
    const ports = [port, tlsPort, authPort].filter((p): p is number => p !== undefined);
    for (const p of ports) {
      while (!(await acceptsConnections(p))) {
        if (child !== proc) throw new Error(`mosquitto exited: ${stderr}`);
        if (Date.now() > deadline) throw new Error(`mosquitto not listening on ${p}: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  };

  try {
    await start();
  } catch (error) {
    await stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: HOST,
    port,
    tlsPort,
    authPort,
    url: `mqtt://${HOST}:${port}`,
    running: () => child !== undefined,
    log: () => fullLog,
    start,
    stop,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
