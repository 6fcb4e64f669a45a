// A real Mosquitto for the soak (as server/test/helpers/mosquitto.ts starts it for the tests):
// one anonymous loopback listener, a temp config, stop and start again on the same port.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { sleep, spawnOwned } from './bench-server.mjs';

export const MOSQUITTO_BIN = '/usr/sbin/mosquitto';
export const mosquittoAvailable = () => existsSync(MOSQUITTO_BIN);

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startMosquitto(port) {
  const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-soak-mosquitto-'));
  const configFile = path.join(dir, 'mosquitto.conf');
  // Started as root, mosquitto would switch to its own user and lose access to the temp files.
  const lines = [`user ${userInfo().username}`, 'persistence false', 'log_dest stderr'];
  lines.push('log_type error', `listener ${port} 127.0.0.1`, 'allow_anonymous true');
  await writeFile(configFile, lines.join('\n') + '\n');
  let child;
  let log = '';
  const broker = {
    url: `mqtt://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    log: () => log,
    async start() {
      const proc = spawnOwned(MOSQUITTO_BIN, ['-c', configFile], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = proc;
      proc.stderr.on('data', (chunk) => (log += chunk));
      const end = Date.now() + 10_000;
      while (!(await accepts(port))) {
        if (proc.exitCode !== null) throw new Error(`mosquitto exited: ${log}`);
        if (Date.now() > end) throw new Error(`mosquitto not listening on ${port}: ${log}`);
        await sleep(25);
      }
    },
    async stop() {
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await exited;
    },
    async dispose() {
      await broker.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}
