// What the runtime image holds, looked at from inside it (container-test.mjs): it runs as a user,
// without dev dependencies, compilers or sources, with one libsql binary and both builds.
import { podman } from './podman.mjs';

/** Runs inside the image with its own node: the facts the checks below judge. */
const FACTS = `
import { existsSync, readdirSync } from 'node:fs';
const has = (p) => existsSync(p);
const dev = ['tsx', 'esbuild', 'vite', 'typescript', 'vitest', 'react', 'bootstrap', 'zod'];
console.log(JSON.stringify({
  uid: process.getuid(),
  devPackages: dev.filter((name) => has('/app/node_modules/' + name)),
  libsql: readdirSync('/app/node_modules/@libsql'),
  sources: ['/app/server/src', '/app/web/src', '/app/contract'].filter(has),
  compilers: ['/usr/bin/gcc', '/usr/bin/cc', '/usr/bin/g++', '/usr/bin/make'].filter(has),
  built: has('/app/server/dist/main.js') && has('/app/web/dist/index.html'),
}));`;

/** What is wrong with the image's contents; empty when nothing is. */
export async function imageContentProblems(image) {
  const output = await podman([
    ...['run', '--rm', '--network', 'none', '--entrypoint', 'node', image],
    ...['--input-type=module', '-e', FACTS],
  ]);
  const facts = JSON.parse(output);
  return [
    facts.uid === 0 && 'it runs as root',
    facts.devPackages.length > 0 && `dev packages: ${facts.devPackages.join(', ')}`,
    facts.libsql.length !== 1 && `libsql binaries: ${facts.libsql.join(', ')}`,
    facts.sources.length > 0 && `sources: ${facts.sources.join(', ')}`,
    facts.compilers.length > 0 && `compilers: ${facts.compilers.join(', ')}`,
    !facts.built && 'server/dist/main.js or web/dist/index.html missing',
  ].filter(Boolean);
}

/** The image's HEALTHCHECK as `podman image inspect` gives it (kept by --format docker). */
export async function imageHealthcheck(image) {
  const [inspected] = JSON.parse(await podman(['image', 'inspect', image]));
  return JSON.stringify(inspected.Healthcheck ?? inspected.Config?.Healthcheck ?? null);
}

/** The figures the container test prints last: sizes, build, stop and its own time. */
export function figuresLine(figures, baseImage) {
  const mb = (value) => (Number.isFinite(value) ? value.toFixed(1) : '?');
  const build = figures.layersFromCache
    ? `warm, ${figures.layersFromCache} layers from cache`
    : 'cold';
  return (
    `Container figures: image ${mb(figures.imageMB)} MB, ` +
    `${mb(figures.imageMB - figures.baseMB)} MB over ${baseImage} (${mb(figures.baseMB)} MB); ` +
    `build ${mb(figures.buildSeconds)} s (${build}); ` +
    `stop on SIGTERM ${figures.stopSeconds ?? '?'} s; whole test ${mb(figures.totalSeconds)} s`
  );
}
