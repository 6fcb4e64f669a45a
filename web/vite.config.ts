import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { purgeCSSPlugin } from '@fullhuman/postcss-purgecss';
import { baseHrefScript } from './build/base-href.ts';
import { appIcons, INSTALLABLE_MANIFEST, sunIco, sunPng, WEB_MANIFEST } from './build/favicon.ts';
import { toFirmwareLayout } from './build/firmware-layout.ts';
import { firmwareCatalogues } from './build/firmware-catalogues.ts';
import { firmwareEagerImports } from './build/firmware-eager-imports.ts';
import { serviceWorker } from './build/service-worker.ts';
import { earlyStart } from './build/early-start.ts';
import { precompress } from './build/precompress.ts';
import { STORAGE_KEYS } from './src/lib/storage-keys.ts';
import { READ_ACCESS_COOKIE, SCRIPTING_ATTRIBUTE } from './src/lib/early-start.ts';
import { RENDERED_ATTRIBUTE } from './src/ssr/rendered-state.ts';
import { PATHS } from './src/lib/paths.ts';
import { CORE_NAMESPACES } from './src/lib/i18n/core-namespaces.ts';

const webRoot = import.meta.dirname;
const repoRoot = path.resolve(webRoot, '..');

/** <base href> from the routes, before anything else in <head> (see build/base-href.ts). */
function baseHref(): Plugin {
  return {
    name: 'heliodtu-base-href',
    // Right after <meta charset>, before any URL in <head>.
    transformIndexHtml: (html) =>
      html.replace(
        '<!-- base-href -->',
        `<script>${baseHrefScript(Object.values(PATHS))}</script>`,
      ),
  };
}

/**
 * favicon.ico, favicon.png and site.webmanifest, drawn at build time; the normal build adds the
 * install icons and the installable manifest (build/favicon.ts), the firmware build keeps
 * OpenDTU's file set.
 */
function icons(installable: boolean): Plugin {
  const files = (): Record<string, string | Buffer> => ({
    'favicon.ico': sunIco(),
    'favicon.png': sunPng(192),
    'site.webmanifest': installable ? INSTALLABLE_MANIFEST : WEB_MANIFEST,
    ...(installable ? appIcons() : {}),
  });
  return {
    name: 'heliodtu-icons',
    generateBundle() {
      for (const [fileName, source] of Object.entries(files())) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    configureServer(server) {
      const served = files();
      server.middlewares.use((req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.split('/').pop() ?? '';
        const body = served[name];
        if (body === undefined) return next();
        res.end(body);
      });
    },
  };
}

/**
 * `virtual:en-core`, `virtual:de-core`, `virtual:fr-core`: each catalogue cut to the namespaces
 * of the first screen, so the rest of the texts leave the first load (issue 26 for de and fr).
 * The firmware build (one file anyway) and the tests get the whole catalogues through the same
 * modules, without a second copy.
 */
function coreCatalogues(whole: boolean): Plugin {
  const pattern = /^virtual:(en|de|fr)-core$/;
  return {
    name: 'heliodtu-core-catalogues',
    resolveId: (source) => (pattern.test(source) ? `\0${source}` : undefined),
    load(resolved) {
      const code = pattern.exec(resolved.replace(/^\0/, ''))?.[1];
      if (!resolved.startsWith('\0') || code === undefined) return undefined;
      const file = path.join(webRoot, `src/locales/${code}.json`);
      if (whole) return `export { default } from ${JSON.stringify(file)};`;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const core = Object.fromEntries(CORE_NAMESPACES.map((name) => [name, all[name] ?? {}]));
      return `export default ${JSON.stringify(core)};`;
    },
  };
}

/** After a firmware build: OpenDTU's layout in dist-firmware (build/firmware-layout.ts). */
function firmwareLayout(outDir: string): Plugin {
  return {
    name: 'heliodtu-firmware-layout',
    apply: 'build',
    async closeBundle() {
      // A failed build wrote nothing to lay out; its own error is the one to see.
      if (!existsSync(path.join(outDir, 'index.html'))) return;
      for (const note of await toFirmwareLayout(outDir, repoRoot)) this.warn(note);
    },
  };
}

// Classes built at run time (`alert-${type}`) that PurgeCSS cannot see in the sources. Prefer
// literal class names in code; add a pattern here only for a variant chosen at run time.
const VARIANTS = 'primary|secondary|success|danger|warning|info|light|dark|body|tertiary';
const SAFELIST = {
  standard: [
    /^(show|fade|collapsing|collapsed|active|disabled|modal-open)$/,
    new RegExp(`^(alert|btn|text-bg|bg|text)-(${VARIANTS})$`),
    /^modal-(sm|lg|xl)$/,
  ],
  greedy: [/data-bs-theme/],
};

const FIRMWARE_UNSHIPPED_SOURCES = [
  '**/*.test.{ts,tsx}',
  '**/testing/**',
  '**/src/features/{history,alerts,devices}/**',
  '**/src/ssr/**',
];

/**
 * The firmware build runs on Preact's React compatibility layer: it must fit the device's flash
 * next to OpenDTU's firmware, and React DOM alone would take most of js/app.js.gz (figures in
 * docs/architecture.md, Decisions). The normal build, the component tests and every e2e spec
 * but the firmware build's own run React 19 and React DOM, as the product's owner asked.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The gateway's server render of the live page (issue 26): `vite build --ssr src/ssr/render-live.tsx`
 * after the client build, into `<outDir>/.ssr/render-live.js` (a dot folder the gateway never
 * serves as a file). React and React DOM, never the Preact aliases: React renders on the server
 * and hydrates in the browser. Every dependency inside the folder, so it runs wherever the build
 * is put (e2e's E2E_WEB_DIST); the firmware build has none. The lazy screens stay chunks of
 * their own that the gateway never loads: it renders only the live view, and code it imports
 * costs its memory (bench/ssr-render.mjs).
 */
export const SSR_DIR = '.ssr';
export const SSR_ENTRY_FILE = 'render-live.js';

function ssrConfig(outDir: string): UserConfig {
  return {
    base: './',
    plugins: [react(), coreCatalogues(false)],
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(webRoot, 'src') },
        // renderToString's own build: `react-dom/server` for Node brings the streaming renderer
        // beside it, 110 kB the gateway would load and never run.
        {
          find: /^react-dom\/server$/,
          replacement: path.join(
            path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json')),
            'cjs/react-dom-server-legacy.node.production.js',
          ),
        },
      ],
    },
    css: {
      preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import'] } },
    },
    // React's production build, whatever NODE_ENV the gateway runs with.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      outDir: path.join(outDir, SSR_DIR),
      emptyOutDir: true,
      // Less for the gateway to parse and keep (its memory, bench/ssr-render.mjs).
      minify: true,
      reportCompressedSize: false,
      copyPublicDir: false,
      rolldownOptions: {
        checks: { pluginTimings: false },
        output: { entryFileNames: SSR_ENTRY_FILE, chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
}

export default defineConfig(({ mode, command, isSsrBuild }) => {
  const firmware = mode === 'firmware';
  // WEB_OUT_DIR: a build of one's own beside others on a shared machine (e2e's E2E_WEB_DIST).
  const outDir =
    process.env['WEB_OUT_DIR'] ?? path.join(webRoot, firmware ? 'dist-firmware' : 'dist');
  if (isSsrBuild) return ssrConfig(outDir);
  return {
    // Relative asset URLs; index.html's <base> makes them resolve from the interface root.
    base: './',
    plugins: [
      react(),
      baseHref(),
      icons(!firmware),
      coreCatalogues(firmware || mode === 'test'),
      // One table of all three languages in the one file (build/firmware-catalogues.ts).
      ...(firmware ? [firmwareCatalogues(webRoot), firmwareEagerImports()] : []),
      earlyStart({
        // The first-screen part of the chosen language's catalogue starts early.
        locales: { de: 'virtual:de-core', fr: 'virtual:fr-core' },
        facts: {
          userKey: STORAGE_KEYS.user,
          localeKey: STORAGE_KEYS.locale,
          readCookie: READ_ACCESS_COOKIE,
          renderedAttribute: RENDERED_ATTRIBUTE,
          scriptingAttribute: SCRIPTING_ATTRIBUTE,
        },
      }),
      ...(firmware ? [] : [precompress()]),
      ...(firmware ? [firmwareLayout(outDir)] : []),
      // The installable shell's service worker (issue 16): the normal build only.
      ...(firmware || command !== 'build' ? [] : serviceWorker()),
    ],
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(webRoot, 'src') },
        // The normal build runs React (issue 26: the gateway's server render hydrates with it).
        ...(firmware ? PREACT_ALIASES : []),
      ],
    },
    css: {
      preprocessorOptions: {
        scss: {
          quietDeps: true,
          silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        },
      },
      postcss: {
        plugins:
          command === 'build'
            ? [
                purgeCSSPlugin({
                  content: [
                    path.join(webRoot, 'index.html'),
                    path.join(webRoot, 'src/**/*.{ts,tsx}'),
                  ],
                  // The firmware build keeps no class that only tests and the screens it
                  // leaves out name (router.tsx).
                  ...(firmware ? { skippedContentGlobs: FIRMWARE_UNSHIPPED_SOURCES } : {}),
                  safelist: SAFELIST,
                }),
              ]
            : [],
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      // WEB_SIZE_MAP: the firmware file's map without a comment in it, the code unchanged
      // (bench/lib/firmware-size-map.mjs).
      sourcemap: firmware && process.env['WEB_SIZE_MAP'] === '1' ? 'hidden' : false,
      manifest: !firmware,
      cssCodeSplit: !firmware,
      modulePreload: firmware ? false : { polyfill: false },
      assetsInlineLimit: firmware ? 100_000 : 4096,
      rolldownOptions: {
        checks: { pluginTimings: false },
        output: firmware
          ? { entryFileNames: 'js/app.js', codeSplitting: false }
          : // The core catalogues as assets/de-core-<hash>.js, without the virtual-module prefix.
            {
              chunkFileNames: (chunk) => `assets/${chunk.name.replace(/^_virtual_/, '')}-[hash].js`,
            },
      },
    },
    server: {
      proxy: {
        '/api': 'http://127.0.0.1:8080',
        '/zones.json': 'http://127.0.0.1:8080',
        '/livedata': { target: 'ws://127.0.0.1:8080', ws: true },
        '/console': { target: 'ws://127.0.0.1:8080', ws: true },
      },
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/testing/setup.ts'],
      css: false,
    },
  };
});
