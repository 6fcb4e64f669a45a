/**
 * The stylesheet of the rendered live page on a first visit (issue 26). A linked stylesheet
 * blocks rendering: on a weak link the rendered figures sit in the HTML for a second before the
 * screen shows them. So a browser that has not had the build's stylesheet gets it inline, and
 * a prefetch of the file for the next visit that, once the file is in the browser's cache,
 * sets a cookie naming it; a browser with that cookie gets the page as built (the link, no
 * bytes twice). Set by the browser, not with the page: a visitor who leaves before the file
 * came, or a browser without prefetch, gets the inline page again rather than a blocking link.
 */

/** Names the build's stylesheet(s) the browser was given: the hashed file names. */
export const STYLESHEET_COOKIE = 'heliodtu-css';

/** A stylesheet link of the built index.html, with its href (relative to the page). */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HREF = /\bhref="(?:\.\/)?([^"]+\.css)"/;
/** The built stylesheet names only the files of the build; the version is one cookie value. */
const COOKIE_SAFE = /^[\w.,-]+$/;

interface Prepared {
  /** The file names of the inlined stylesheets, as the cookie says them. */
  version: string;
  inlined: string;
}

/** A year, as long as the hashed file stays cached; a new build names other files. */
const COOKIE_ATTRIBUTES = 'Path=/; Max-Age=31536000; SameSite=Strict';

/**
 * index.html with each stylesheet link replaced by the file's contents, followed by a prefetch
 * of the file (the HTTP cache has it for the next visit; a prefetch neither blocks nor applies
 * the rules a second time), the last of which sets the cookie once loaded. Undefined when a
 * file cannot be read or cannot go inline.
 */
export async function inlineStylesheets(
  template: string,
  read: (relative: string) => Promise<string | undefined>,
): Promise<Prepared | undefined> {
  const links = [...template.matchAll(STYLESHEET_LINK)].map((match) => match[0]);
  const files = links.map((link) => HREF.exec(link)?.[1]);
  if (links.length === 0 || files.some((file) => file === undefined || file.includes('..'))) {
    return undefined;
  }
  const version = files.map((file) => file!.split('/').pop()).join(',');
  if (!COOKIE_SAFE.test(version)) return undefined;
  const sheets = await Promise.all(files.map((file) => read(file!)));
  let inlined = template;
  for (const [i, link] of links.entries()) {
    const css = sheets[i];
    // `</style` would end the element early; such a sheet stays linked.
    if (css === undefined || /<\/style/i.test(css)) return undefined;
    // The same request mode as the link's, so that the next visit's link finds it cached.
    const crossOrigin = /\scrossorigin\b/.test(link) ? ' crossorigin' : '';
    const loaded =
      i === links.length - 1
        ? ` onload="document.cookie='${STYLESHEET_COOKIE}=${version}; ${COOKIE_ATTRIBUTES}'"`
        : '';
    const tag = `<style>${rebase(css, files[i]!)}</style><link rel="prefetch"${crossOrigin} href="./${files[i]!}"${loaded}>`;
    inlined = inlined.replace(link, () => tag);
  }
  return { version, inlined };
}

/** Relative url()s of a sheet made relative to the page instead of the sheet's folder. */
function rebase(css: string, file: string): string {
  const folder = file.slice(0, file.lastIndexOf('/') + 1);
  if (!folder) return css;
  return css.replace(/url\(\s*(['"]?)(?!['"]|[a-z][\w+.-]*:|\/|#)/gi, (_, quote: string) => {
    return `url(${quote}${folder}`;
  });
}

/**
 * The page template for one visit, prepared once per build of index.html: inline on a first
 * visit, as built when the cookie names this build's stylesheet.
 */
export class FirstVisitStylesheet {
  readonly #read: (relative: string) => Promise<string | undefined>;
  #prepared: { template: string; result: Promise<Prepared | undefined> } | undefined;

  constructor(read: (relative: string) => Promise<string | undefined>) {
    this.#read = read;
  }

  /** The template for a visit whose Cookie header names `cached` as the stylesheet it has. */
  async forVisit(template: string, cached: string | undefined): Promise<string> {
    if (this.#prepared?.template !== template) {
      this.#prepared = { template, result: inlineStylesheets(template, this.#read) };
    }
    const prepared = await this.#prepared.result;
    return !prepared || prepared.version === cached ? template : prepared.inlined;
  }
}
