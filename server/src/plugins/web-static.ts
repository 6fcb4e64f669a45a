import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FirstVisitStylesheet, STYLESHEET_COOKIE } from './first-visit-stylesheet.js';
import type { LiveSource } from '../routes/sockets/live-fanout.js';
import { cookieValue, LiveRenderer, renderedLivePage } from './rendered-live-page.js';
import { SharedLivePages } from './shared-live-pages.js';

export interface WebStaticOptions {
  webDist: string;
  /**
   * The live data of this moment, for the live page rendered on the gateway (issue 26);
   * without it, or when it gives undefined, index.html is served as built.
   */
  liveSnapshot?: () => unknown;
  /**
   * Tells of every change of that live data: a rendered page is then shared among the visitors
   * until the next change (SharedLivePages); without it every visit renders its own.
   */
  liveChanges?: Pick<LiveSource, 'on' | 'off'>;
  /**
   * Answers an unmatched request before the interface does, or gives undefined to leave it to
   * the interface: a companion's unknown API paths get a JSON 404 (routes/api-path-unknown.ts).
   */
  notFoundFirst?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
}

type Encoding = 'br' | 'gzip';
/** The encodings a request accepts (Accept-Encoding). */
export interface Accepts {
  br: boolean;
  gzip: boolean;
}

/** One servable variant of a file. */
interface Asset {
  body: Buffer;
  etag: string;
  type: string;
  encoding?: Encoding;
  /** True when another encoding of the same file exists (Vary: Accept-Encoding). */
  varies: boolean;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  /** The bytes as stored and, made on first use, the other encoding. */
  stored: Asset;
  other?: Asset;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg']);
const HASHED_ASSET = /^assets\/.+-[\w-]{8,}\.[a-z0-9]+$/;
/**
 * Never reused without asking: the service worker (a browser finds a new build through it) and
 * the manifest (issue 16). The browser revalidates them with the ETag on every check.
 */
const NO_CACHE = new Set(['sw.js', 'site.webmanifest']);

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HelioDTU</title></head>
<body style="font-family: sans-serif; margin: 2rem">
<h1>HelioDTU</h1>
<p>The web interface is not built yet. Run <code>npm run build</code> and reload this page.</p>
<p>The API under <code>/api/</code> works without it.</p>
</body></html>
`;

const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/**
 * Files of the built interface, read on demand and cached until their mtime or size changes,
 * so a rebuild while the gateway runs is picked up. `name.gz` stands in for `name` (the
 * firmware layout stores only gzipped files).
 */
class StaticAssets {
  readonly #root: string;
  readonly #cache = new Map<string, CachedFile>();

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  /** The asset for a request URL, or undefined when no such file exists. */
  async find(
    url: string,
    accepts: Accepts,
  ): Promise<{ asset: Asset; relative: string } | undefined> {
    const relative = toRelative(url);
    if (relative === undefined) return undefined;
    const asset = await this.#variant(relative, accepts);
    return asset && { asset, relative };
  }

  async index(accepts: Accepts): Promise<Asset | undefined> {
    return this.#variant('index.html', accepts);
  }

  /**
   * Brotli, then gzip, then the file itself: `name.br` and `name.gz` precompressed by the build
   * (web/build/precompress.ts) are served as they are; without them gzip is made once here.
   */
  async #variant(relative: string, accepts: Accepts): Promise<Asset | undefined> {
    const type = TYPES[path.extname(relative)] ?? 'application/octet-stream';
    const plain = await this.#load(relative, type);
    const br = plain && accepts.br ? await this.#load(`${relative}.br`, type, 'br') : undefined;
    if (br) return br.stored;
    const gz = plain && accepts.gzip ? await this.#load(`${relative}.gz`, type, 'gzip') : undefined;
    if (gz) return gz.stored;
    const file = plain ?? (await this.#load(`${relative}.gz`, type, 'gzip'));
    if (!file) return undefined;
    const acceptsGzip = accepts.gzip;
    const storedGzip = file.stored.encoding === 'gzip';
    // Serve the stored bytes when they suit the client; otherwise the other encoding.
    if (storedGzip === acceptsGzip) return file.stored;
    if (storedGzip) return (file.other ??= this.#recode(file.stored, type, false));
    if (!file.stored.varies) return file.stored;
    return (file.other ??= this.#recode(file.stored, type, true));
  }

  #recode(stored: Asset, type: string, gzip: boolean): Asset {
    const body = gzip ? gzipSync(stored.body, { level: 9 }) : gunzipSync(stored.body);
    return { body, etag: etagOf(body), type, varies: true, ...(gzip ? { encoding: 'gzip' } : {}) };
  }

  async #load(
    relative: string,
    type: string,
    encoding?: Encoding,
  ): Promise<CachedFile | undefined> {
    const fullPath = path.join(this.#root, relative);
    const info = await stat(fullPath).catch(() => undefined);
    if (!info?.isFile()) {
      this.#cache.delete(relative);
      return undefined;
    }
    const cached = this.#cache.get(relative);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(fullPath);
    const varies =
      encoding !== undefined ||
      (COMPRESSIBLE.has(path.extname(relative)) && body.length >= 1024) ||
      existsSync(`${fullPath}.br`) ||
      existsSync(`${fullPath}.gz`);
    const stored: Asset = { body, etag: etagOf(body), type, varies };
    if (encoding) stored.encoding = encoding;
    const file: CachedFile = { mtimeMs: info.mtimeMs, size: info.size, stored };
    this.#cache.set(relative, file);
    return file;
  }
}

/** The file path a URL names inside the dist folder; undefined for anything that must not be served. */
function toRelative(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const segments = pathname.split('/').filter((segment) => segment !== '');
  // Dot segments cover both traversal and hidden files such as .vite/manifest.json.
  if (segments.some((segment) => segment.startsWith('.'))) return undefined;
  return segments.length === 0 ? 'index.html' : segments.join('/');
}

/** Accept-Encoding read with its q-values: `br;q=0` refuses brotli. */
export function acceptedEncodings(header: string | undefined): Accepts {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  const any = accepted.has('*');
  return { br: accepted.has('br') || any, gzip: accepted.has('gzip') || any };
}

/**
 * The cookie index.html carries: whether reading needs a login (allow_readonly off), so the page
 * sends no request that would only be refused before the visitor logs in (web/src/lib/early-start.ts).
 */
export const READ_ACCESS_COOKIE = 'heliodtu-readonly';

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, relative: string) {
  if (relative === 'index.html') {
    const open = request.server.store.config.security.allow_readonly;
    void reply.header(
      'Set-Cookie',
      `${READ_ACCESS_COOKIE}=${open ? 'on' : 'off'}; Path=/; SameSite=Strict`,
    );
  }
  const cacheControl = HASHED_ASSET.test(relative)
    ? 'public, max-age=31536000, immutable'
    : NO_CACHE.has(relative)
      ? 'no-cache'
      : 'public, must-revalidate';
  void reply.header('ETag', asset.etag).header('Cache-Control', cacheControl);
  if (asset.varies) void reply.header('Vary', 'Accept-Encoding');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim() === asset.etag)) return reply.code(304).send();
  void reply.code(200).type(asset.type);
  if (asset.encoding) void reply.header('Content-Encoding', asset.encoding);
  return reply.send(request.method === 'HEAD' ? undefined : asset.body);
}

/**
 * The rendered live page: never stored by a cache or a proxy (the figures are of this moment),
 * hence no ETag; it differs by language and theme (Accept-Language, Cookie).
 */
function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { body: Buffer; encoding?: Encoding },
) {
  void reply
    .header('Set-Cookie', `${READ_ACCESS_COOKIE}=on; Path=/; SameSite=Strict`)
    .header('Cache-Control', 'no-store')
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
    .code(200)
    .type(TYPES['.html']!);
  if (page.encoding) void reply.header('Content-Encoding', page.encoding);
  return reply.send(request.method === 'HEAD' ? undefined : page.body);
}

/**
 * Serves the built interface from `webDist` (wire-contract §4.17): by Accept-Encoding the
 * build's precompressed `name.br`, else `name.gz` (made here when missing), else the file; the
 * firmware layout's `*.gz` files with `Content-Encoding: gzip`; and index.html for every
 * unmatched path and method — unknown /api paths included, as the device does (a companion
 * answers those itself: `notFoundFirst`). ETag and
 * `Cache-Control: public, must-revalidate` on every answer (content-hashed Vite assets are
 * immutable), 304 on a matching If-None-Match. Without a build, a short page says how to make one.
 * The live page (`/`) comes rendered with the live data when reading needs no
 * login and the build has its render module (rendered-live-page.ts), without ETag or caching,
 * its stylesheet inline until the browser has the file (first-visit-stylesheet.ts).
 */
export const webStaticPlugin = fp<WebStaticOptions>(
  async (app, { webDist, liveSnapshot, liveChanges, notFoundFirst }) => {
    const assets = new StaticAssets(webDist);
    const renderer = new LiveRenderer(webDist);
    const pages = new SharedLivePages({ sharing: liveChanges !== undefined });
    if (liveChanges) {
      liveChanges.on('update', pages.changed);
      app.addHook('onClose', async () => void liveChanges.off('update', pages.changed));
    }
    // The render module loads on the first visit of the live page, not at start: a gateway
    // nobody opens does not carry it (bench/ssr-render.mjs).
    const template = async () =>
      (await assets.index({ br: false, gzip: false }))?.body.toString('utf8');
    const plain = { br: false, gzip: false };
    const stylesheet = new FirstVisitStylesheet(async (relative) =>
      (await assets.find(relative, plain))?.asset.body.toString('utf8'),
    );
    app.setNotFoundHandler(async (request, reply) => {
      const answered = notFoundFirst?.(request, reply);
      if (answered) return answered;
      const accepts = acceptedEncodings(request.headers['accept-encoding']);
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      // The rendered page's stylesheet inline until the browser has the file (first-visit-stylesheet.ts).
      const pageTemplate = async () => {
        const index = await template();
        const cached = cookieValue(request.headers.cookie, STYLESHEET_COOKIE);
        return index === undefined ? undefined : stylesheet.forVisit(index, cached);
      };
      const rendered = isRead
        ? await renderedLivePage(request, renderer, pageTemplate, liveSnapshot, accepts, pages)
        : undefined;
      if (rendered) return sendRendered(request, reply, rendered);
      const file = isRead ? await assets.find(request.url, accepts) : undefined;
      if (file) return send(request, reply, file.asset, file.relative);
      const index = await assets.index(accepts);
      if (!index) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      return send(request, reply, index, 'index.html');
    });
  },
  { name: 'web-static' },
);
