/**
 * The stylesheet of the rendered live page on a first visit (issue 26). A linked stylesheet
 * blocks rendering: on a weak link the rendered figures sit in the HTML for a second before the
 * screen shows them. So a browser that has not had the build's stylesheet gets it inline, and
 * a hint to fetch the file at low priority for the next visit; a browser whose cookie names the
 * stylesheet has it cached and gets the page as built (the link, no bytes twice).
 */

/** Names the build's stylesheet(s) the browser was given: the hashed file names. */
export const STYLESHEET_COOKIE = 'heliodtu-css';

/** A stylesheet link of the built index.html, with its href (relative to the page). */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HREF = /\bhref="(?:\.\/)?([^"]+\.css)"/;
/** The built stylesheet names only the files of the build; the version is one cookie value. */
const COOKIE_SAFE = /^[\w.,-]+$/;

/** A page template for a visit, and the cookie to set with it (only when the CSS is inline). */
export interface VisitTemplate {
  html: string;
  /** `heliodtu-css=…` for Set-Cookie, with the inlined page only. */
  setCookie?: string;
}

interface Prepared {
  /** The file names of the inlined stylesheets, as the cookie says them. */
  version: string;
  inlined: string;
}

/**
 * index.html with each stylesheet link replaced by the file's contents, followed by a prefetch
 * of the file (the HTTP cache has it for the next visit; a prefetch neither blocks nor applies
 * the rules a second time). Undefined when a file cannot be read or cannot go inline.
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
  const sheets = await Promise.all(files.map((file) => read(file!)));
  let inlined = template;
  for (const [i, link] of links.entries()) {
    const css = sheets[i];
    // `</style` would end the element early; such a sheet stays linked.
    if (css === undefined || /<\/style/i.test(css)) return undefined;
    const crossOrigin = /\scrossorigin\b/.test(link) ? ' crossorigin' : '';
    const tag = `<style>${rebase(css, files[i]!)}</style><link rel="prefetch"${crossOrigin} href="./${files[i]!}">`;
    inlined = inlined.replace(link, () => tag);
  }
  const version = files.map((file) => file!.split('/').pop()).join(',');
  return COOKIE_SAFE.test(version) ? { version, inlined } : undefined;
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

  async forVisit(template: string, hasStylesheet: (version: string) => boolean) {
    if (this.#prepared?.template !== template) {
      this.#prepared = { template, result: inlineStylesheets(template, this.#read) };
    }
    const prepared = await this.#prepared.result;
    if (!prepared || hasStylesheet(prepared.version)) return { html: template };
    // A year, as long as the hashed file is cached; a new build names other files.
    const setCookie = `${STYLESHEET_COOKIE}=${prepared.version}; Path=/; Max-Age=31536000; SameSite=Strict`;
    return { html: prepared.inlined, setCookie } satisfies VisitTemplate;
  }
}
