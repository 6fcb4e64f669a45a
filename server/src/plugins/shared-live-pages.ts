import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The render module a page came from: compared by identity only (a rebuilt module renders anew). */
type RenderModuleIdentity = object;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How long a rendered page is shared at most: its data ages count in whole seconds. */
export const SHARED_PAGE_MS = 1_000;

/** Whether what was rendered or read `at` may still be shared `now` (a clock set back: no). */
const stillShared = (at: number, now: number): boolean => now >= at && now - at < SHARED_PAGE_MS;
/** Pages kept at most: languages × themes (light, dark, the system's) fit with room to spare. */
const SHARED_PAGES_MAX = 16;

/** A rendered page and its compressed forms, each made once when first asked for. */
class SharedPage {
  readonly #encoded = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(
    readonly plain: Buffer,
    readonly renderedAt: number,
    /** What it was rendered with: another module or template is another page. */
    readonly module: RenderModuleIdentity,
    readonly template: string,
  ) {}

  /** Compressed off the event loop, once for every visitor that shares the page. */
  body(encoding: 'br' | 'gzip' | undefined): Promise<Buffer> {
    if (!encoding) return Promise.resolve(this.plain);
    let body = this.#encoded.get(encoding);
    if (!body) {
      // A 256 KiB window holds the whole page; the default 4 MiB would cost memory per page.
      body =
        encoding === 'br'
          ? brotli(this.plain, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_LGWIN]: 18,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.plain.length,
              },
            })
          : gzipAsync(this.plain, { level: 6 });
      this.#encoded.set(encoding, body);
      // A failed compression is tried anew by the next visitor.
      body.catch(() => this.#encoded.delete(encoding));
    }
    return body;
  }
}

/** The pieces of a page written into one buffer: one allocation instead of one per piece. */
export function pageBytes(parts: readonly string[]): Buffer {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, 'utf8');
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at, 'utf8');
  return bytes;
}

/**
 * Rendered live pages shared among visitors (bench/ssr-render.mjs): one render per change of
 * the live data per language and theme, instead of one per visit. A page is shared only until
 * the live data changes (`changed()`, on every update of the live source) and for at most
 * SHARED_PAGE_MS, so no visitor gets figures older than the live data of that moment, nor data
 * ages more than a second behind. Without change notices nothing is shared.
 */
export class SharedLivePages {
  readonly #pages = new Map<string, SharedPage>();
  #snapshot: { live: unknown; at: number } | undefined;
  readonly #clock: () => number;
  #sharing: boolean;
  /** Counters for the bench and the tests: pages served from a render of another visit, and renders. */
  hits = 0;
  renders = 0;

  constructor(options: { sharing: boolean; clock?: () => number }) {
    this.#sharing = options.sharing;
    this.#clock = options.clock ?? Date.now;
  }

  /** The live data changed: no page of the data before is served again. */
  readonly changed = (): void => {
    this.#pages.clear();
    this.#snapshot = undefined;
  };

  /**
   * The live data to render from: the one read for this moment's other renders (its JSON is
   * then made once, by the render module, for all languages and themes) while it is as valid as
   * a shared page, else `read()` anew. Without sharing, always anew.
   */
  snapshot(read: () => unknown): unknown {
    const now = this.#clock();
    const known = this.#snapshot;
    if (known && stillShared(known.at, now)) return known.live;
    const live = read();
    this.#snapshot = this.#sharing && live !== undefined ? { live, at: now } : undefined;
    return live;
  }

  /**
   * The page for a language and theme: a shared one still valid, else `render(now)` (undefined:
   * nothing to render, shared neither).
   */
  page(
    key: { lang: string; theme: string | undefined },
    module: RenderModuleIdentity,
    template: string,
    render: (now: number) => Buffer | undefined,
  ): SharedPage | undefined {
    const now = this.#clock();
    // The template differs per visit (the stylesheet inline on a first visit, linked after:
    // first-visit-stylesheet.ts); its length tells the two apart, the check below makes sure.
    const name = `${key.lang}|${key.theme ?? ''}|${template.length}`;
    const shared = this.#pages.get(name);
    if (
      shared &&
      shared.module === module &&
      shared.template === template &&
      stillShared(shared.renderedAt, now)
    ) {
      this.hits += 1;
      return shared;
    }
    this.#pages.delete(name);
    const plain = render(now);
    this.renders += 1;
    if (!plain) return undefined;
    const page = new SharedPage(plain, now, module, template);
    if (!this.#sharing) return page;
    // Bounded: the oldest page goes first (a Map keeps insertion order).
    if (this.#pages.size >= SHARED_PAGES_MAX) {
      const oldest = this.#pages.keys().next().value;
      if (oldest !== undefined) this.#pages.delete(oldest);
    }
    this.#pages.set(name, page);
    return page;
  }

  /** Pages held now (tests). */
  get size(): number {
    return this.#pages.size;
  }
}
