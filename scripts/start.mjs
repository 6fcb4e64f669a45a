#!/usr/bin/env node
// `npm start`: install and build what is missing, then run the gateway. Flags pass through
// (`npm start -- --port 9000`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const step = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) step('npm', ['ci']);
/** Newest modification time under a folder, so a stale build is rebuilt. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builtIndex = path.join(root, 'web/dist/index.html');
const sources = [path.join(root, 'web/src'), path.join(root, 'contract/src')];
if (
  !existsSync(builtIndex) ||
  Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs
) {
  step('npm', ['run', 'build']);
}

const server = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'server/src/main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(server.status ?? 1);
