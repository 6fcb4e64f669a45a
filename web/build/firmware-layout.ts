import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipAsync } from '@gfx/zopfli';

/**
 * Zopfli writes ordinary gzip files (any inflater reads them) about 4 % smaller than zlib's
 * level 9: bytes that count on a device whose whole interface must fit its flash budget.
 */
const gzip = (data: Buffer | string) =>
  gzipAsync(typeof data === 'string' ? Buffer.from(data) : data, { numiterations: 15 });

/** The IANA → POSIX zone map from the server's generator, when the server has one. */
function zonesJson(repoRoot: string): string | undefined {
  const generator = path.join(repoRoot, 'server/src/store/zones.ts');
  if (!existsSync(generator)) return undefined;
  // A child process, so the web build does not import server code (architecture §6.1).
  const script = `import(${JSON.stringify(generator)}).then(async (m) => {
    const fn = m.buildZones ?? m.loadZones ?? m.zones ?? m.default;
    const zones = typeof fn === 'function' ? await fn() : fn;
    process.stdout.write(JSON.stringify(zones));
  })`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0 || !result.stdout.startsWith('{')) return undefined;
  return result.stdout;
}

/**
 * Turns a one-chunk Vite build into OpenDTU's web file layout (wire-contract §4.17):
 * index.html.gz, js/app.js.gz with the CSS injected, zones.json.gz, favicons, manifest.
 */
export async function toFirmwareLayout(outDir: string, repoRoot: string): Promise<string[]> {
  const notes: string[] = [];
  const htmlPath = path.join(outDir, 'index.html');
  let html = await readFile(htmlPath, 'utf8');
  let css = '';
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/g)) {
    const file = path.join(outDir, match[1]!);
    css += await readFile(file, 'utf8');
    await rm(file);
    html = html.replace(match[0], '');
  }
  html = html.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const appPath = path.join(outDir, 'js/app.js');
  let app = await readFile(appPath, 'utf8');
  if (css) {
    app = `(()=>{const s=document.createElement("style");s.textContent=${JSON.stringify(css)};document.head.appendChild(s)})();\n${app}`;
  }
  await writeFile(path.join(outDir, 'index.html.gz'), await gzip(html));
  await writeFile(path.join(outDir, 'js/app.js.gz'), await gzip(app));
  await rm(htmlPath);
  await rm(appPath);
  const assets = path.join(outDir, 'assets');
  if (existsSync(assets) && (await readdir(assets)).length === 0) await rmdir(assets);

  const zones = zonesJson(repoRoot);
  if (zones) await writeFile(path.join(outDir, 'zones.json.gz'), await gzip(zones));
  else notes.push('zones.json.gz not written: server/src/store/zones.ts has no usable export yet');
  return notes;
}
