import { describe, expect, it } from 'vitest';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { tempDist } from '../../test/helpers/web-dist.js';
import { inlineStylesheets, STYLESHEET_COOKIE } from './first-visit-stylesheet.js';

// Issue 26: a linked stylesheet holds the rendered live page off the screen until it arrives, so
// a first visit gets it inline and a browser that has the file gets the link.
const CSS_FILE = 'assets/index-Css12345.css';
const CSS =
  '.tile{color:teal}.logo{background:url(logo-Abc12345.svg)}.icon{background:url("data:x")}';
const LINK = `<link rel="stylesheet" crossorigin href="./${CSS_FILE}">`;
const INDEX =
  `<!doctype html><html lang="en"><head><title>HelioDTU</title>${LINK}</head>` +
  '<body><div id="root"></div><script type="module" src="./assets/index-Js123456.js"></script></body></html>';
/** A stand-in for the web build's render module: the head handling is the gateway's part. */
const RENDER_MODULE = `export const RENDER_LANGUAGES = ['en'];
export function renderLivePageParts(live, { template }) {
  return [template.replace('<div id="root"></div>', '<div id="root"><p>rendered live view</p></div>')];
}`;

async function gateway() {
  const webDist = await tempDist({
    'index.html': INDEX,
    [CSS_FILE]: CSS,
    '.ssr/render-live.js': RENDER_MODULE,
  });
  return buildTestGateway({ webDist, simFleet: 'demo', simStart: '2025-06-21T12:00:00' });
}

describe('the rendered live page and its stylesheet', () => {
  it('brings the stylesheet inline on a first visit, and a prefetch of the file that sets the cookie once loaded', async () => {
    const gw = await gateway();
    const answer = await gw.request('GET', '/', { auth: null });
    const html = await answer.text();
    expect(html).toContain('rendered live view');
    expect(html).not.toContain('rel="stylesheet"');
    // Its url() now relative to the page, which is not in the stylesheet's folder.
    expect(html).toContain(
      '<style>.tile{color:teal}.logo{background:url(assets/logo-Abc12345.svg)}.icon{background:url("data:x")}</style>',
    );
    expect(html).toContain(
      `<link rel="prefetch" crossorigin href="./${CSS_FILE}" onload="document.cookie='heliodtu-css=index-Css12345.css; Path=/; Max-Age=31536000; SameSite=Strict'">`,
    );
    // Not with the page: the browser may leave before the file is in its cache.
    expect(answer.headers.getSetCookie().join('\n')).not.toContain(STYLESHEET_COOKIE);
  });

  it('links the stylesheet as built, with no inline copy, when the cookie names it', async () => {
    const gw = await gateway();
    const answer = await gw.request('GET', '/', {
      auth: null,
      headers: { cookie: `heliodtu-locale=en; ${STYLESHEET_COOKIE}=index-Css12345.css` },
    });
    const html = await answer.text();
    expect(html).toContain('rendered live view');
    expect(html).toContain(LINK);
    expect(html).not.toContain('<style>');
    expect(html).not.toContain('prefetch');
  });

  it('inlines again when the cookie names the stylesheet of another build', async () => {
    const gw = await gateway();
    const answer = await gw.request('GET', '/', {
      auth: null,
      headers: { cookie: `${STYLESHEET_COOKIE}=index-Old00000.css` },
    });
    expect(await answer.text()).toContain('<style>.tile{color:teal}');
  });

  it('leaves the page shell (index.html, client-rendered) linked as built', async () => {
    const gw = await gateway();
    const shell = await gw.request('GET', '/index.html', { auth: null });
    expect(await shell.text()).toBe(INDEX);
  });

  it('keeps a stylesheet that cannot go inline linked', async () => {
    const read = (css: string | undefined) => async () => css;
    expect(await inlineStylesheets(INDEX, read(undefined))).toBeUndefined();
    expect(await inlineStylesheets(INDEX, read('a{content:"</style>"}'))).toBeUndefined();
    expect(await inlineStylesheets('<head></head>', read(CSS))).toBeUndefined();
    const escaping = INDEX.replace(CSS_FILE, 'assets/../../secret.css');
    expect(await inlineStylesheets(escaping, read(CSS))).toBeUndefined();
  });
});
