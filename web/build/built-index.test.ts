import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_FALLBACK_ATTRIBUTE } from '../src/lib/gateway-reach';

// Builds the interface once into a temp folder and checks what index.html starts (issue 13).
const webRoot = path.resolve(import.meta.dirname, '..');
let out = '';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'heliodtu-built-index-'));
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: webRoot,
    // Vitest sets NODE_ENV=test, which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: out },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const read = (name: string) => readFileSync(path.join(out, name), 'utf8');

describe('the built index.html', () => {
  it('loads the live view with the entry: no chunk of its own, every import modulepreloaded', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, ManifestChunk>;
    const html = read('index.html');
    // Part of the entry: no chunk that could only be found after the entry ran.
    expect(manifest['src/features/live/live-page.tsx']).toBeUndefined();
    // The overview too (the default tab with two or more inverters, issue 15), with its texts.
    expect(manifest['src/features/live/overview/overview-panel.tsx']).toBeUndefined();
    const entry = manifest['index.html']!;
    expect(read(entry.file)).toContain('home.LiveData');
    expect(read(entry.file)).toContain('liveoverview.SortBy');
    const needed = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || needed.has(chunk.file)) return;
      needed.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const imported of entry.imports ?? []) visit(imported);
    expect(needed.size).toBeGreaterThan(0);
    // Its texts in the English core (the catalogue object, not only the keys the code names),
    // in the entry or a chunk it imports statically: preloaded below, never a later request.
    const core = [entry.file, ...needed].filter((file) =>
      /liveoverview"?:\{"?SortBy"?:/.test(read(file)),
    );
    expect(core).toHaveLength(1);
    for (const file of needed) {
      expect(html, file).toContain(`<link rel="modulepreload" crossorigin href="./${file}">`);
    }
    for (const css of entry.css ?? []) expect(html).toContain(`href="./${css}"`);
  });

  it('leaves out of the first load what only later screens and dialogs need', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, ManifestChunk>;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('index.html');
    const firstLoad = [...files].map(read).join('\n');
    // The budget's margin (scripts/check-budget.mjs): the result code table (the Devices screen
    // and the dialogs need it), the history's calendar helpers, and the texts of the live view's
    // dialogs, which load with the rest of the catalogue.
    expect(firstLoad).not.toContain('GenericParseError');
    expect(firstLoad).not.toContain('not a date:');
    expect(firstLoad).not.toMatch(/livedialogs"?:\{/);
    expect(firstLoad).not.toMatch(/saving"?:\{/);
    expect(firstLoad).toContain('/api/history/range');
  });

  it("keeps the grid classes the history's stat cards choose by their number", () => {
    const css = readdirSync(path.join(out, 'assets'))
      .filter((name) => name.endsWith('.css'))
      .map((name) => read(`assets/${name}`))
      .join('\n');
    // Five or six cards with the house's flow (issue 35): a class built from a number would be
    // dropped from the build and the cards would stand two to a row.
    for (const columns of [4, 5, 6]) expect(css).toContain(`.row-cols-lg-${columns}>`);
  });

  it('starts the catalogue and the live data from an inline script, after the <base>', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, ManifestChunk>;
    const html = read('index.html');
    const base = html.indexOf('document.createElement("base")');
    const early = html.indexOf('window.__heliodtuEarly');
    expect(base).toBeGreaterThan(0);
    expect(early).toBeGreaterThan(base);
    expect(early).toBeLessThan(html.indexOf('<script type="module"'));
    for (const locale of ['de', 'fr']) {
      expect(html).toContain(`"${locale}":"${manifest[`virtual:${locale}-core`]!.file}"`);
    }
    expect(html).toContain('fetch("api/livedata/status"');
  });

  it("splits de and fr like en: the first screen's texts in a small chunk, the rest later", () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, ManifestChunk>;
    for (const locale of ['de', 'fr']) {
      const core = read(manifest[`virtual:${locale}-core`]!.file);
      const whole = read(manifest[`src/locales/${locale}.json`]!.file);
      // The live overview's texts are in the part; the NTP screen's only in the whole file.
      expect(core, locale).toMatch(/liveoverview"?:\{"?SortBy"?:/);
      expect(core, locale).not.toMatch(/ntpadmin"?:\{/);
      expect(whole, locale).toMatch(/ntpadmin"?:\{/);
      expect(gzipSync(core).length, locale).toBeLessThan(gzipSync(whole).length / 2);
    }
  });

  it('runs on React DOM, without Preact (the firmware build keeps Preact)', () => {
    const scripts = readdirSync(path.join(out, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => read(`assets/${name}`));
    // Marks that survive minifying (scripts/web-sizes.mjs renderers(), which the budget check
    // also applies to the firmware build): React DOM's node keys, Preact's virtual node shape.
    expect(scripts.some((text) => text.includes('__reactFiber$'))).toBe(true);
    expect(scripts.some((text) => text.includes('__k:null,__:null,__b:0'))).toBe(false);
    // A production build: React's development warnings are left out.
    expect(scripts.some((text) => text.includes('Invalid hook call'))).toBe(false);
  });

  it('has brotli and gzip beside every text file, brotli decoding to the file', () => {
    // Below 1 kB a variant may come out no smaller than the file; then it is left out.
    const files = readdirSync(out, { recursive: true })
      .map(String)
      .filter((name) => /\.(html|js|css)$/.test(name))
      .filter((name) => statSync(path.join(out, name)).size >= 1024);
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      expect(existsSync(path.join(out, `${name}.br`)), `${name}.br`).toBe(true);
      expect(existsSync(path.join(out, `${name}.gz`)), `${name}.gz`).toBe(true);
    }
    const index = readFileSync(path.join(out, 'index.html'));
    expect(brotliDecompressSync(readFileSync(path.join(out, 'index.html.br')))).toEqual(index);
  });

  it('has a service worker that marks the page it serves for want of an answer', () => {
    // The attribute the page reads at start to say at once that the gateway is away (issue 23).
    expect(read('sw.js')).toContain(`"<html ${SHELL_FALLBACK_ATTRIBUTE}"`);
  });
});
