#!/usr/bin/env node
// Compiles the gateway (server/src + the contract sources it imports) ahead of time into
// server/dist, so production runs plain JavaScript and never compiles TypeScript at run time.
// npm packages stay external (node_modules), zod aside (below); dynamic import() calls become
// chunks loaded on first use. `npm start` runs this when server/dist is missing or older than its
// sources.
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

/**
 * True when server/dist is missing or older than a source file, a bundled package or this
 * script.
 */
export function serverBuildStale() {
  if (!existsSync(serverEntry)) return true;
  const newest = Math.max(
    ...sources.map((dir) => newestMtime(dir, isBuildSource)),
    statSync(import.meta.filename).mtimeMs,
    // A bundled package updated by npm ci is in the build only once it is built again.
    ...BUNDLED_PACKAGES.map(
      (name) => statSync(path.join(root, 'node_modules', name, 'package.json')).mtimeMs,
    ),
  );
  return newest > statSync(serverEntry).mtimeMs;
}

/**
 * npm packages bundled rather than loaded from node_modules: zod, so that the build keeps only
 * the English messages of its locales (below); every other package stays an import of
 * node_modules (native code, files read at run time).
 */
const BUNDLED_PACKAGES = ['zod'];
const bundled = (specifier) =>
  BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Bare imports that are npm packages (not our workspace) stay imports of node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@heliodtu/') || bundled(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * zod's `z` re-exports every language's messages (60 modules, 1.2 MiB of heap once loaded);
 * the gateway only ever uses English, which zod configures itself, so its locale index keeps
 * only that one (`z.locales.en`).
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ },
      (args) => ({
        contents: 'export { default as en } from "./en.js";\n',
        resolveDir: path.dirname(args.path),
      }),
    );
  },
};

/**
 * With charset ascii esbuild escapes every other character in code, so what remains is in
 * comments: replaced one UTF-16 unit for one (source map columns hold), so that V8 keeps each
 * file's source one byte per character instead of two for the process's lifetime.
 */
const asciiOnly = (text) => text.replace(/[\u0080-\uffff]/g, '?');

/**
 * Builds into `outdir` (server/dist by default; tests build elsewhere). Returns esbuild's
 * metafile: which sources went into which file, and how each file loads the others.
 */
export async function buildServer({ outdir = serverDist } = {}) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const { outputFiles, metafile } = await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    // Metafile paths relative to the repository, wherever the build is started from.
    absWorkingDir: root,
    outdir,
    write: false,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    charset: 'ascii',
    // The contract's sources directly, not through the workspace link (its exports are .ts).
    alias: { '@heliodtu/contract': path.join(root, 'contract/src') },
    plugins: [externalPackages, zodEnglishOnly],
    // For NODE_OPTIONS=--enable-source-maps when a stack trace should point at the sources.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  // A gateway starting meanwhile sees the old build or the new one, never half a file: each
  // file is renamed into place, chunks (named by content hash) first, main.js last.
  mkdirSync(outdir, { recursive: true });
  const isEntry = (file) => path.basename(file.path).startsWith('main.js');
  const ordered = [...outputFiles.filter((f) => !isEntry(f)), ...outputFiles.filter(isEntry)];
  for (const file of ordered) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.path.endsWith('.js') ? asciiOnly(file.text) : file.contents);
    renameSync(temp, file.path);
  }
  const written = new Set(outputFiles.map((f) => path.basename(f.path)));
  for (const name of readdirSync(outdir)) {
    if (!written.has(name)) rmSync(path.join(outdir, name), { recursive: true, force: true });
  }
  const where = path.relative(root, outdir);
  process.stdout.write(`Server compiled to ${where} in ${Date.now() - started} ms\n`);
  return metafile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
