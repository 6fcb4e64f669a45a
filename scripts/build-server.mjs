#!/usr/bin/env node
// Compiles the gateway (server/src + the contract sources it imports) ahead of time into
// server/dist, so production runs plain JavaScript and never compiles TypeScript at run time.
// npm packages stay external (node_modules); dynamic import() calls become chunks loaded on
// first use. `npm start` runs this when server/dist is missing or older than its sources.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');
// The same depth as server/src, so paths relative to import.meta.dirname (env.ts) still hold.
export const serverDist = path.join(root, 'server/dist');
export const serverEntry = path.join(serverDist, 'main.js');
const sources = [path.join(root, 'server/src'), path.join(root, 'contract/src')];
/**
 * Node flags `npm start` runs the compiled gateway with (and the service unit in the README).
 * A 2 MiB young generation instead of 16: idle RSS −14 MiB with the demo fleet, for more
 * (sub-millisecond) scavenges (bench/gateway-process.mjs).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];

/** Newest modification time of the files under a folder that can end up in a build. */
export function newestMtime(dir, include = () => true) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, include));
    else if (include(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

// Tests never reach the bundle; editing one must not force a rebuild.
const isBuildSource = (name) => !/\.test\.tsx?$/.test(name);

/** True when server/dist is missing or older than a source file or this script. */
export function serverBuildStale() {
  if (!existsSync(serverEntry)) return true;
  const newest = Math.max(
    ...sources.map((dir) => newestMtime(dir, isBuildSource)),
    statSync(import.meta.filename).mtimeMs,
  );
  return newest > statSync(serverEntry).mtimeMs;
}

/** Bare imports that are npm packages (not our workspace) stay imports of node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@heliodtu/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const started = Date.now();
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outdir: serverDist,
    write: false,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The contract's sources directly, not through the workspace link (its exports are .ts).
    alias: { '@heliodtu/contract': path.join(root, 'contract/src') },
    plugins: [externalPackages],
    // For NODE_OPTIONS=--enable-source-maps when a stack trace should point at the sources.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // A gateway starting meanwhile sees the old build or the new one, never half a file: each
  // file is renamed into place, chunks (named by content hash) first, main.js last.
  mkdirSync(serverDist, { recursive: true });
  const isEntry = (file) => path.basename(file.path).startsWith('main.js');
  const ordered = [...outputFiles.filter((f) => !isEntry(f)), ...outputFiles.filter(isEntry)];
  for (const file of ordered) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  const written = new Set(outputFiles.map((f) => path.basename(f.path)));
  for (const name of readdirSync(serverDist)) {
    if (!written.has(name)) rmSync(path.join(serverDist, name), { recursive: true, force: true });
  }
  process.stdout.write(`Server compiled to server/dist in ${Date.now() - started} ms\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
