import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { describe, expect, it, onTestFinished } from 'vitest';

// What the compiled gateway (`npm start`) loads at start: main.js and the chunks it imports
// statically. Code an idle simulated gateway does not use is a chunk of its own, loaded on first
// use (bench/gateway-process.mjs measures the idle memory this keeps down).

const root = path.resolve(import.meta.dirname, '../..');
const buildScript = pathToFileURL(path.join(root, 'scripts/build-server.mjs')).href;

type BuildServer = (options: { outdir: string }) => Promise<Metafile>;

async function build(): Promise<{ outdir: string; metafile: Metafile }> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'heliodtu-compiled-'));
  onTestFinished(() => rm(outdir, { recursive: true, force: true }));
  const { buildServer } = (await import(buildScript)) as { buildServer: BuildServer };
  return { outdir, metafile: await buildServer({ outdir }) };
}

/** The sources in main.js and every file it loads statically, transitively. */
function loadedAtStart(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => file.endsWith('/main.js'))!;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  return [...seen].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
}

describe('the compiled gateway', () => {
  it('loads at start neither the relay, nor alert delivery, nor zod messages in other languages', async () => {
    const { metafile } = await build();
    const atStart = loadedAtStart(metafile);
    const everywhere = Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs));
    const onFirstUse = [
      'server/src/device/relay/companion.ts',
      'server/src/device/relay/device-registry.ts',
      'server/src/device/relay/device-relay.ts',
      'server/src/device/relay/probe.ts',
      'server/src/plugins/companion.ts',
      'server/src/routes/relay.ts',
      'server/src/alerts/companion-sources.ts',
      'server/src/alerts/companion-reads.ts',
      'server/src/alerts/webhook.ts',
      'server/src/alerts/email.ts',
    ];
    for (const source of onFirstUse) {
      expect(everywhere, `${source} is built`).toContain(source);
      expect(atStart, `${source} waits for its first use`).not.toContain(source);
    }
    // The simulated gateway's own parts are there from the start.
    expect(atStart).toContain('server/src/alerts/alerts-plugin.ts');
    expect(atStart).toContain('server/src/device/simulator.ts');
    const locales = everywhere.filter((source) => source.includes('node_modules/zod/v4/locales/'));
    expect(locales.map((source) => path.basename(source)).sort()).toEqual(['en.js', 'index.js']);
  });

  it('is ASCII only, so V8 keeps its source one byte per character', async () => {
    const { outdir } = await build();
    const scripts = (await readdir(outdir)).filter((name) => name.endsWith('.js'));
    expect(scripts).toContain('main.js');
    for (const name of scripts) {
      const text = await readFile(path.join(outdir, name), 'utf8');
      expect(/[\u0080-\uffff]/.test(text), `${name} has a character beyond ASCII`).toBe(false);
    }
  });
});
