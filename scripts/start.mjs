#!/usr/bin/env node
// `npm start`: install and build what is missing, then run the compiled gateway. Flags pass
// through (`npm start -- --port 9000`). This launcher stays as the gateway's parent: it forwards
// SIGTERM, SIGINT and SIGHUP to it and exits with its exit code, and the gateway shuts down
// when the launcher goes away (issue 17: no orphan whichever process of the chain is signalled).
// SIM_DEVICES=N adds N simulated gateways as further children, the gateway their companion.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

/** At most this many simulated devices (SIM_DEVICES). */
const SIM_DEVICES_MAX = 8;
/** The password a fresh simulated gateway has (as a fresh OpenDTU). */
const SIM_FACTORY_PASSWORD = 'openDTU42';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const step = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) step('npm', ['ci']);
// Imported after the install: it needs nothing from node_modules until it compiles.
const { newestMtime, serverBuildStale, serverEntry, SERVER_NODE_FLAGS } =
  await import('./build-server.mjs');

// The interface is built only when it is the one served (WEB_DIST / --web-dist not set).
const ownWebDist =
  Boolean(process.env.WEB_DIST) ||
  args.some((arg) => arg === '--web-dist' || arg.startsWith('--web-dist='));
const builtIndex = path.join(root, 'web/dist/index.html');
const webSources = [path.join(root, 'web/src'), path.join(root, 'contract/src')];
if (
  !ownWebDist &&
  (!existsSync(builtIndex) ||
    Math.max(...webSources.map((dir) => newestMtime(dir))) > statSync(builtIndex).mtimeMs)
) {
  step('npm', ['run', 'build']);
}
// In its own process: esbuild keeps a service process while loaded, this launcher stays small.
if (serverBuildStale()) step(process.execPath, [path.join(root, 'scripts/build-server.mjs')]);

// SIM_DEVICES=N (issue 27): N simulated gateways on free local ports, each with its own data
// folder, seed and demo fleet (SIM_FLEET_VARIANT), and this gateway as their companion.
const simDevices = await startSimDevices(process.env.SIM_DEVICES);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry, ...args], {
  cwd: root,
  env: simDevices ? { ...process.env, ...simDevices.companionEnv } : process.env,
  // The IPC channel tells the gateway when this launcher is gone, even after a SIGKILL.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // Its own process group: a Ctrl-C in the terminal reaches it once, through us, not also
  // directly (that would count as the second signal, which exits at once).
  detached: true,
});
const running = (child) => child.exitCode === null && child.signalCode === null;

// One Ctrl-C reaches this process twice (from the terminal and forwarded by npm): forward once.
const DUPLICATE_WINDOW_MS = 100;
const lastForwarded = new Map();
const forward = (signal) => {
  const now = Date.now();
  if (now - (lastForwarded.get(signal) ?? -Infinity) < DUPLICATE_WINDOW_MS) return;
  lastForwarded.set(signal, now);
  for (const child of [server, ...(simDevices?.children ?? [])]) {
    if (running(child)) child.kill(signal);
  }
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => forward(signal));

// npm does not forward SIGHUP and dies of it (or of SIGKILL): when our parent changes, stop.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) forward('SIGTERM');
}, 500).unref();

server.on('exit', async (code, signal) => {
  // The simulated devices go with their companion; we exit once they have.
  await simDevices?.stop();
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});

/** Names of the simulated devices, in order (DTU_URL names; each also a data folder). */
function simDeviceNames(count) {
  const names = ['Roof', 'Garage', 'Barn', 'Shed', 'Carport', 'Stable', 'Workshop', 'Porch'];
  return Array.from({ length: count }, (_, i) => names[i] ?? `Device ${i + 1}`);
}

/** A port free on 127.0.0.1 now (the kernel's pick). */
function freeLocalPort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startSimDevices(text) {
  if (text === undefined || text === '' || text === '0') return null;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > SIM_DEVICES_MAX) {
    process.stderr.write(
      `SIM_DEVICES must be a whole number 1..${SIM_DEVICES_MAX}, got "${text}"\n`,
    );
    process.exit(2);
  }
  if (process.env.DTU_URL || args.some((arg) => arg.startsWith('--dtu-url'))) {
    process.stderr.write('SIM_DEVICES and DTU_URL exclude each other: SIM_DEVICES sets DTU_URL\n');
    process.exit(2);
  }
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? './data');
  const baseSeed = Number(process.env.SIM_SEED ?? 1) || 1;
  const names = simDeviceNames(count);
  const children = [];
  const addresses = [];
  for (const [index, name] of names.entries()) {
    const port = await freeLocalPort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Beside the companion's folder, not inside it: a factory reset there leaves them alone.
      DATA_DIR: path.join(`${dataDir}-sim-devices`, name.toLowerCase().replace(/\W+/g, '-')),
      SIM_SEED: String(baseSeed + index),
      SIM_FLEET_VARIANT: String(index),
    };
    delete env.SIM_DEVICES;
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    // Each line says which device wrote it.
    const prefix = (stream, into) =>
      readline
        .createInterface({ input: stream })
        .on('line', (line) => into.write(`[${name}] ${line}\n`));
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    children.push(child);
    addresses.push({ name, url: `http://127.0.0.1:${port}` });
  }
  await Promise.all(
    children.map((child, i) =>
      waitUntilListening(child, names[i]).catch((error) => {
        process.stderr.write(`${error.message}\n`);
        for (const other of children) if (running(other)) other.kill('SIGTERM');
        process.exit(1);
      }),
    ),
  );
  process.stdout.write(
    `Simulated devices: ${addresses.map((a) => `${a.name} ${a.url}`).join(', ')}\n`,
  );
  const stop = () =>
    Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (!running(child)) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
  return {
    children,
    stop,
    companionEnv: {
      DTU_URL: addresses.map((a) => `${a.name}=${a.url}`).join(','),
      // The simulated devices' factory password: the companion may change their settings too.
      DTU_PASSWORD: process.env.DTU_PASSWORD ?? SIM_FACTORY_PASSWORD,
    },
  };
}

/** Resolves once the child printed that it listens; rejects when it exits first. */
function waitUntilListening(child, name) {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.includes('HelioDTU listening on')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`Simulated device ${name} exited (${code}) before listening`)),
    );
  });
}
