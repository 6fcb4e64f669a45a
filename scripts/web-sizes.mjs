// The sizes of the web builds (CONTRIBUTING.md, budgets): the firmware file OpenDTU flashes
// (js/app.js.gz, CSS and all three locales inside) and the normal build's first load of the
// live view, gzip level 9 as the gateway serves it, with their limits. Shared by the budget
// check (scripts/check-budget.mjs) and the benchmark that prints them (bench/web-sizes.mjs).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_WEB_DIST / BENCH_FIRMWARE_DIST: builds of one's own (built there when missing).
export const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(root, 'web/dist');
export const FIRMWARE_DIST =
  process.env.BENCH_FIRMWARE_DIST ?? path.join(root, 'web/dist-firmware');
/**
 * Hard limits; OpenDTU v24.11.7's app.js.gz is 192,821 B. The firmware file's is its size when
 * set (127,025 B) + 2,000 B, so that growth shows at once (`node bench/web-sizes.mjs` maps it).
 */
export const LIMITS = { firmwareAppJs: 129_025, firmwareAim: 120_000, firstLoad: 126_500 };
const LIVE_SOURCE = 'src/features/live/live-page.tsx';

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
/** Brotli at quality 11, as the build precompresses it (web/build/precompress.ts). */
const br = (file) =>
  brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

export function build(kind) {
  execSync(kind === 'firmware' ? 'npm run --silent build:firmware' : 'npm run --silent build', {
    cwd: root,
    env: { ...process.env, WEB_OUT_DIR: kind === 'firmware' ? FIRMWARE_DIST : WEB_DIST },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The files the browser loads for the live view: html, entry, its imports, CSS, and the live
 * chunk with its imports when the live view is not part of the entry.
 */
export function firstLoad() {
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8'));
  const files = new Set(['index.html']);
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(LIVE_SOURCE);
  const parts = [...files].map((file) => ({
    file,
    gzip: gz(path.join(WEB_DIST, file)),
    brotli: br(path.join(WEB_DIST, file)),
  }));
  // de and fr: the first screen's part before the first render, the whole catalogue later.
  const largest = (keys) =>
    Math.max(
      0,
      ...keys
        .map((key) => manifest[key]?.file)
        .filter(Boolean)
        .map((file) => gz(path.join(WEB_DIST, file))),
    );
  return {
    parts,
    total: parts.reduce((sum, part) => sum + part.gzip, 0),
    brotliTotal: parts.reduce((sum, part) => sum + part.brotli, 0),
    largestLocaleCore: largest(['virtual:de-core', 'virtual:fr-core']),
    largestLocale: largest(['src/locales/de.json', 'src/locales/fr.json']),
  };
}

export function firmwareSizes() {
  const names = [
    'index.html.gz',
    'js/app.js.gz',
    'zones.json.gz',
    'favicon.ico',
    'favicon.png',
    'site.webmanifest',
  ];
  return names.map((name) => {
    const file = path.join(FIRMWARE_DIST, name);
    return { name, bytes: existsSync(file) ? statSync(file).size : null };
  });
}

export function printSizes() {
  const load = firstLoad();
  const firmware = firmwareSizes();
  const line = (label, bytes, limit) =>
    `  ${label.padEnd(34)} ${bytes === null ? 'missing' : `${bytes.toLocaleString('en')} B`.padStart(11)}${
      limit ? `   (limit ${limit.toLocaleString('en')} B)` : ''
    }`;
  const out = ['Web interface sizes (gzip -9)', 'Normal build, first load of the live view:'];
  for (const part of load.parts) out.push(line(part.file, part.gzip));
  out.push(line('first load total', load.total, LIMITS.firstLoad));
  out.push(line('first load total, brotli 11', load.brotliTotal));
  out.push(line('+ de/fr first-screen texts', load.largestLocaleCore));
  out.push(line('  whole de/fr catalogue, later', load.largestLocale));
  out.push('Firmware layout (web/dist-firmware):');
  for (const file of firmware) {
    out.push(line(file.name, file.bytes, file.name === 'js/app.js.gz' ? LIMITS.firmwareAppJs : 0));
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return {
    firstLoad: load.total,
    appJs: firmware.find((f) => f.name === 'js/app.js.gz')?.bytes ?? null,
  };
}

/** Builds each layout that is missing. */
export function buildMissing() {
  if (!existsSync(path.join(WEB_DIST, '.vite/manifest.json'))) build('normal');
  if (!existsSync(path.join(FIRMWARE_DIST, 'js/app.js.gz'))) build('firmware');
}

/**
 * Which renderer a build carries, by marks that survive minifying: React DOM names its
 * properties on DOM nodes `__reactFiber$…`; Preact's virtual nodes are created with
 * `__k:null,__:null,__b:0`. The normal build must run React DOM, the firmware build Preact
 * (architecture, Decisions).
 */
export function renderers(kind) {
  const scripts =
    kind === 'firmware'
      ? [gunzipSync(readFileSync(path.join(FIRMWARE_DIST, 'js/app.js.gz'))).toString('utf8')]
      : readdirSync(path.join(WEB_DIST, 'assets'))
          .filter((name) => name.endsWith('.js'))
          .map((name) => readFileSync(path.join(WEB_DIST, 'assets', name), 'utf8'));
  return {
    reactDom: scripts.some((text) => text.includes('__reactFiber$')),
    preact: scripts.some((text) => text.includes('__k:null,__:null,__b:0')),
  };
}
