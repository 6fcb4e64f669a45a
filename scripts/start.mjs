#!/usr/bin/env node
// `npm start`: install and build what is missing, then run the compiled gateway. Flags pass
// through (`npm start -- --port 9000`). This launcher stays as the gateway's parent: it forwards
// SIGTERM, SIGINT and SIGHUP to it and exits with its exit code, and the gateway shuts down
// when the launcher goes away (issue 17: no orphan whichever process of the chain is signalled).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

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

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry, ...args], {
  cwd: root,
  // The IPC channel tells the gateway when this launcher is gone, even after a SIGKILL.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // Its own process group: a Ctrl-C in the terminal reaches it once, through us, not also
  // directly (that would count as the second signal, which exits at once).
  detached: true,
});

// One Ctrl-C reaches this process twice (from the terminal and forwarded by npm): forward once.
const DUPLICATE_WINDOW_MS = 100;
const lastForwarded = new Map();
const forward = (signal) => {
  const now = Date.now();
  if (now - (lastForwarded.get(signal) ?? -Infinity) < DUPLICATE_WINDOW_MS) return;
  lastForwarded.set(signal, now);
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => forward(signal));

// npm does not forward SIGHUP and dies of it (or of SIGKILL): when our parent changes, stop.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) forward('SIGTERM');
}, 500).unref();

server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
