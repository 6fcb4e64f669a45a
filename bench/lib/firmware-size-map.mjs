// What each module costs of the firmware file js/app.js.gz: a firmware build with a hidden
// source map (the same code, WEB_SIZE_MAP in web/vite.config.ts), its file cut into runs of one
// module each (source-map-runs.mjs), and each run's share of the gzip file.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, createDeflateRaw, gunzipSync } from 'node:zlib';
import { sourceRuns } from './source-map-runs.mjs';

const CSS = '(CSS, injected by the layout step)';

/** A source's name: repository-relative, npm packages by name, virtual modules as named. */
function moduleName(source, root, mapDir) {
  if (source.startsWith('(')) return source;
  const virtual = source.replace(/^.*\0/, '\0');
  if (virtual.startsWith('\0')) return `virtual:${virtual.slice(1)}`;
  const absolute = path.resolve(mapDir, source);
  const file = path.relative(root, absolute).split(path.sep).join('/');
  const npm = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  if (npm) return `npm:${npm[1]}/${npm[2]}`;
  // A module a build plugin writes (the catalogue table, web/build/firmware-catalogues.ts).
  return existsSync(absolute) ? file : `${file} (generated)`;
}

/** The part a module counts to in the summary: a package, a feature, a folder. */
export function groupOf(name) {
  if (name.startsWith('npm:')) return `npm:${name.slice(4).split('/')[0]}`;
  if (name.startsWith('(') || name.startsWith('virtual:')) return name;
  const parts = name.split('/');
  // web/src/features/<feature>, web/src/components/<kind>, contract/src/<folder>; else the folder.
  const depth = parts[2] === 'features' || parts[2] === 'components' ? 4 : 3;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

/**
 * Each run's deflate output as the file streams through one deflater in order, flushed at each
 * run's end: what the run costs given everything before it (what it repeats from earlier code
 * is cheap). Flushing adds a few bytes per run, so the shares are scaled to the real file.
 */
async function deflateShares(runs) {
  const deflate = createDeflateRaw({ level: 9 });
  let produced = 0;
  deflate.on('data', (chunk) => {
    produced += chunk.length;
  });
  const shares = [];
  for (const run of runs) {
    deflate.write(Buffer.from(run.text));
    await new Promise((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, resolve));
    shares.push(produced);
    produced = 0;
  }
  deflate.end();
  return shares;
}

/** Builds the firmware layout with its source map into a temporary folder and maps it. */
export async function firmwareSizeMap(root) {
  const dir = mkdtempSync(path.join(tmpdir(), 'heliodtu-size-map-'));
  try {
    execSync('npm run --silent build:firmware', {
      cwd: root,
      env: { ...process.env, WEB_OUT_DIR: dir, WEB_SIZE_MAP: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const gzFile = path.join(dir, 'js/app.js.gz');
    const mapFile = path.join(dir, 'js/app.js.map');
    const text = gunzipSync(readFileSync(gzFile)).toString('utf8');
    // The layout step puts the CSS in front, as one line of its own (web/build/firmware-layout.ts).
    const cssEnd = text.startsWith('(()=>{const s=document.createElement("style")')
      ? text.indexOf('\n') + 1
      : 0;
    const runs = [
      { source: CSS, text: text.slice(0, cssEnd) },
      ...sourceRuns(text.slice(cssEnd), JSON.parse(readFileSync(mapFile, 'utf8'))),
    ].filter((run) => run.text !== '');
    const shares = await deflateShares(runs);
    const fileBytes = statSync(gzFile).size;
    const scale = fileBytes / shares.reduce((sum, share) => sum + share, 0);
    const modules = new Map();
    runs.forEach((run, index) => {
      const name = moduleName(run.source, root, path.dirname(mapFile));
      const entry = modules.get(name) ?? { name, raw: 0, gzip: 0 };
      entry.raw += Buffer.byteLength(run.text);
      entry.gzip += shares[index] * scale;
      modules.set(name, entry);
    });
    return { fileBytes, modules: [...modules.values()].sort((a, b) => b.gzip - a.gzip) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The map as text: the parts (groups), then the `top` costliest modules (all with Infinity). */
export function formatSizeMap({ fileBytes, modules }, top) {
  const groups = new Map();
  for (const entry of modules) {
    const name = groupOf(entry.name);
    const group = groups.get(name) ?? { name, raw: 0, gzip: 0, count: 0 };
    group.raw += entry.raw;
    group.gzip += entry.gzip;
    group.count += 1;
    groups.set(name, group);
  }
  const row = (entry, label) =>
    `  ${Math.round(entry.gzip).toLocaleString('en').padStart(7)} B ${((entry.gzip / fileBytes) * 100).toFixed(1).padStart(5)} %  ${Math.round(entry.raw).toLocaleString('en').padStart(9)} B  ${label}`;
  const out = [
    `Firmware js/app.js.gz by part (${fileBytes.toLocaleString('en')} B): gzip share, then minified size.`,
    'A share is the deflate output while that code streamed through in file order (what it',
    'repeats from earlier code costs little), flushed per module and scaled to the file.',
  ];
  for (const group of [...groups.values()].sort((a, b) => b.gzip - a.gzip)) {
    out.push(row(group, group.count > 1 ? `${group.name} (${group.count} modules)` : group.name));
  }
  const shown = modules.slice(0, top);
  out.push(
    shown.length < modules.length
      ? `The ${shown.length} costliest of ${modules.length} modules (all: --all):`
      : `All ${modules.length} modules:`,
  );
  for (const entry of shown) out.push(row(entry, entry.name));
  return `${out.join('\n')}\n`;
}
