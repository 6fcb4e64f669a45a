import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { LiveDataFullStatus, LiveDataStatus } from '@heliodtu/contract/live-data';
import type { LiveSource } from '../routes/sockets/live-fanout.js';
import { pageBytes, type SharedLivePages } from './shared-live-pages.js';

/**
 * The live page rendered on the gateway (issue 26). The web build's server entry
 * (web/src/ssr/render-live.tsx, built into `<webDist>/.ssr/render-live.js`) renders the same
 * React components as the browser; this side picks the visitor's language and theme, takes the
 * live data of this moment and loads that module. The server's own code stays free of TSX: it
 * knows the module only by this interface.
 */
export interface LiveRenderModule {
  /** The page as pieces in order, never joined into one large string (their bytes are). */
  renderLivePageParts(
    live: unknown,
    options: { template: string; lang: string; theme?: string | undefined; now?: number },
  ): readonly string[] | undefined;
  RENDER_LANGUAGES: readonly string[];
}

/** Where the web build puts its server entry, inside the dist folder (dot folders are never served). */
export const RENDER_MODULE_PATH = path.join('.ssr', 'render-live.js');

/** The cookies the interface writes its choices into (web/src/lib/preference-cookies.ts). */
export const PREFERENCE_COOKIES = { locale: 'heliodtu-locale', theme: 'heliodtu-theme' } as const;

/** One cookie's value from a Cookie header; undefined when absent or not decodable. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The language the interface would show, among those the page can be rendered in: the stored
 * choice (its cookie), else the browser's first language by its prefix (as navigator.language),
 * else English. A choice the render cannot show (a server language pack) renders in English;
 * the browser switches after hydrating, as it does without a server render.
 */
export function pickLanguage(
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined },
  languages: readonly string[],
): string {
  const chosen = cookieValue(headers.cookie, PREFERENCE_COOKIES.locale);
  const wanted = chosen ?? firstLanguage(headers['accept-language']);
  return wanted !== undefined && languages.includes(wanted) ? wanted : 'en';
}

/** The prefix of the most preferred language of an Accept-Language header (q-values honoured). */
function firstLanguage(header: string | undefined): string | undefined {
  let best: { prefix: string; q: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((p) => p.trim());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    const prefix = tag.split('-')[0]?.toLowerCase() ?? '';
    if (!/^[a-z]{2,3}$/.test(prefix) || !(q > 0)) continue;
    if (!best || q > best.q) best = { prefix, q };
  }
  return best?.prefix;
}

/** 'light' or 'dark' from the theme cookie; undefined for auto (only the browser knows the system's). */
export function pickTheme(cookie: string | undefined): 'light' | 'dark' | undefined {
  const theme = cookieValue(cookie, PREFERENCE_COOKIES.theme);
  return theme === 'light' || theme === 'dark' ? theme : undefined;
}

/**
 * The live data as the page shows it: every inverter's full object (strings included), total
 * and hints. `list` gives total and hints when there is no inverter (the simulated fleet);
 * undefined when nothing is known yet (a companion before the device's first frame).
 */
export function liveSnapshotOf(
  source: Pick<LiveSource, 'inverterSerials' | 'liveData'>,
  list?: () => LiveDataStatus,
): LiveDataFullStatus | LiveDataStatus | undefined {
  const inverters: LiveDataFullStatus['inverters'] = [];
  let last: LiveDataFullStatus | undefined;
  for (const serial of source.inverterSerials()) {
    last = source.liveData(serial);
    inverters.push(...last.inverters);
  }
  if (last?.total && last.hints) return { inverters, total: last.total, hints: last.hints };
  return list?.();
}

/**
 * The web build's render module, imported when its file is there and again when a new build
 * replaces it (the markup must match the build's own scripts); undefined without one.
 */
export class LiveRenderer {
  readonly #file: string;
  #loaded: { mtimeMs: number; module: LiveRenderModule | undefined } | undefined;
  #loading: Promise<LiveRenderModule | undefined> | undefined;

  constructor(webDist: string) {
    this.#file = path.resolve(webDist, RENDER_MODULE_PATH);
  }

  async module(): Promise<LiveRenderModule | undefined> {
    const info = await stat(this.#file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (this.#loaded?.mtimeMs === info.mtimeMs) return this.#loaded.module;
    this.#loading ??= this.#import(info.mtimeMs).finally(() => (this.#loading = undefined));
    return this.#loading;
  }

  async #import(mtimeMs: number): Promise<LiveRenderModule | undefined> {
    // The query makes a rebuilt file a new module instead of the cached first one.
    const url = `${pathToFileURL(this.#file).href}?v=${mtimeMs}`;
    const loaded = (await import(url).catch(() => undefined)) as
      Partial<LiveRenderModule> | undefined;
    const module =
      typeof loaded?.renderLivePageParts === 'function' && Array.isArray(loaded.RENDER_LANGUAGES)
        ? (loaded as LiveRenderModule)
        : undefined;
    this.#loaded = { mtimeMs, module };
    return module;
  }
}

/**
 * Whether a request is a visit of the live route: `/` only, so that `/index.html` stays the app
 * shell as built (the service worker precaches it by that name and must never store live
 * data), and only as a document when the browser says what it loads (Sec-Fetch-Dest).
 */
function visitsLivePage(request: FastifyRequest): boolean {
  if ((request.url.split('?')[0] ?? '') !== '/') return false;
  const destination = request.headers['sec-fetch-dest'];
  return destination === undefined || destination === 'document';
}

/**
 * The live page rendered with the live data (issue 26), or undefined to serve index.html as
 * built: reading needs a login (nothing live goes out before it), no render module (the
 * firmware build, a build without it), no data yet, or the render failed. Shared among the
 * visitors of the same moment (SharedLivePages); compressed off the event loop.
 */
export async function renderedLivePage(
  request: FastifyRequest,
  renderer: LiveRenderer,
  /** index.html as built, uncompressed. */
  template: () => Promise<string | undefined>,
  liveSnapshot: (() => unknown) | undefined,
  accepts: { br: boolean; gzip: boolean },
  pages: SharedLivePages,
): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' } | undefined> {
  if (!liveSnapshot || !request.server.store.config.security.allow_readonly) return undefined;
  if (!visitsLivePage(request)) return undefined;
  try {
    const module = await renderer.module();
    if (!module) return undefined;
    const index = await template();
    if (index === undefined) return undefined;
    const lang = pickLanguage(request.headers, module.RENDER_LANGUAGES);
    const theme = pickTheme(request.headers.cookie);
    const page = pages.page({ lang, theme }, module, index, (now) => {
      const live = pages.snapshot(liveSnapshot);
      if (live === undefined) return undefined;
      const parts = module.renderLivePageParts(live, { template: index, lang, theme, now });
      return parts && pageBytes(parts);
    });
    if (!page) return undefined;
    const encoding = accepts.br ? 'br' : accepts.gzip ? 'gzip' : undefined;
    const body = await page.body(encoding);
    return encoding ? { body, encoding } : { body };
  } catch (error) {
    // Never a failed page: the plain index.html still brings the interface, which loads the data.
    const reason = error instanceof Error ? error.message : String(error);
    request.server.consoleLog.write(
      `Live page not rendered (${reason}): index.html served as built`,
    );
    return undefined;
  }
}
