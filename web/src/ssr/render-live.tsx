import { renderToString } from 'react-dom/server';
import { liveActions } from '@/features/live/live-store';
import { parseLiveUpdate } from '@/features/live/merge-live-update';
import { freezeClock } from '@/hooks/use-now';
import { englishMessages, type Messages } from '@/lib/i18n/catalog';
import { show } from '@/lib/i18n/i18n-store';
import { PATHS } from '@/lib/paths';
// The first-screen parts, as the browser hydrates with (lib/i18n/catalog.ts loadBuiltin): the same
// texts on both sides, and the rest of the catalogues never costs the gateway's memory.
import de from 'virtual:de-core';
import fr from 'virtual:fr-core';
import { earlyClickScript } from './early-clicks';
import { RenderedApp } from './rendered-app';
import {
  RENDERED_ATTRIBUTE,
  RENDERED_STATE_ID,
  scriptJson,
  type RenderedLiveState,
} from './rendered-state';

/**
 * The gateway's server render of the live view (issue 26), built by `vite build --ssr` into
 * dist/.ssr/ and loaded by server/src/plugins/rendered-live-page.ts. The same components as in
 * the browser render here with react-dom/server, from the gateway's live data at this moment;
 * the browser hydrates them (ssr/hydrate-live.tsx) from the state embedded beside the markup.
 */

/** The built-in catalogues the page may be rendered in; English is the core the entry carries. */
const CATALOGUES: Record<string, () => Messages> = {
  en: englishMessages,
  de: () => de,
  fr: () => fr,
};

/** The languages a page can be rendered in; any other shows in English. */
export const RENDER_LANGUAGES = Object.keys(CATALOGUES);

export interface RenderLiveOptions {
  /** The app's built index.html. */
  template: string;
  /** A built-in language code (see RENDER_LANGUAGES); others render in English. */
  lang: string;
  /** 'light' or 'dark' for <html data-bs-theme>; anything else keeps the template's. */
  theme?: string | undefined;
  /** The moment to render at (ms); now by default. */
  now?: number;
}

const ROOT = '<div id="root"></div>';
/** React's mark of a Suspense boundary the server gave up on. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
const HTML_TAG = /<html\b[^>]*>/;
/**
 * Where the click script goes: first in <head>. A classic script after the stylesheets would
 * wait for them and hold up the parser, and with it the rendered figures.
 */
const HEAD_TAG = /<head\b[^>]*>/;

/** `<html …>` with the language, the theme and the rendered marker. */
function htmlTag(tag: string, lang: string, theme: string | undefined): string {
  let next = tag.replace(/\slang="[^"]*"/, '').replace(/>$/, ` lang="${lang}">`);
  if (theme === 'light' || theme === 'dark') {
    next = next.replace(/\sdata-bs-theme="[^"]*"/, '').replace(/>$/, ` data-bs-theme="${theme}">`);
  }
  return next.replace(/>$/, ` ${RENDERED_ATTRIBUTE}>`);
}

/**
 * The template before its root, made once per template, language and theme: with the
 * stylesheet inline (first visits) it is tens of kB, copied twice by each replace.
 */
const heads = new Map<string, { template: string; head: string }>();
/** Entries at most: languages × themes × the two templates (stylesheet inline or linked). */
const HEADS_MAX = 24;

function pageHead(
  template: string,
  root: number,
  tag: string,
  lang: string,
  theme: string | undefined,
): string {
  // Any other theme keeps the template's (htmlTag): one entry for all of them.
  const key = `${lang}|${theme === 'light' || theme === 'dark' ? theme : ''}|${template.length}`;
  const known = heads.get(key);
  if (known?.template === template) return known.head;
  const head = template
    .slice(0, root)
    .replace(tag, htmlTag(tag, lang, theme))
    .replace(HEAD_TAG, (opening) => `${opening}<script>${earlyClickScript()}</script>`);
  if (heads.size >= HEADS_MAX) heads.clear();
  heads.set(key, { template, head });
  return head;
}

/**
 * The live data's JSON for the page, made once per snapshot: the gateway renders the same
 * snapshot in every language and theme its visitors ask for (server/src/plugins/
 * shared-live-pages.ts). A snapshot is never changed once given.
 */
const liveJson = new WeakMap<object, string>();

function liveJsonOf(live: object): string {
  let json = liveJson.get(live);
  if (json === undefined) {
    json = scriptJson(live);
    liveJson.set(live, json);
  }
  return json;
}

/** Renders only the markup of the live page (for the bench and tests). */
export function renderLiveMarkup(
  live: unknown,
  lang: string,
  now = Date.now(),
): string | undefined {
  const update = parseLiveUpdate(live);
  if (!update) return undefined;
  const messages = (CATALOGUES[lang] ?? englishMessages)();
  show(CATALOGUES[lang] ? lang : 'en', messages);
  liveActions.rendered(update, now);
  // Every data age counts to the render's moment; the browser hydrates at the same one.
  freezeClock(now);
  let markup: string;
  try {
    markup = renderToString(<RenderedApp ssrPath={PATHS.live} />);
  } finally {
    freezeClock(undefined);
    // Nothing of this render stays referenced until the next one: its data then dies young, in
    // the scavenge after it, instead of being promoted and costing a full GC later.
    liveActions.reset();
  }
  // renderToString swallows an error inside a Suspense boundary and leaves the boundary to the
  // browser (a spinner, and a redone hydration there): no page rather than that one.
  if (markup.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error('a part of the live page failed to render');
  }
  return markup;
}

/**
 * index.html with the live page rendered into its root, the state it was rendered from beside
 * it and, in <head>, the script that keeps a click made before hydration (ssr/early-clicks.ts),
 * as pieces in order (the gateway writes them into one buffer, so the page never exists as one
 * large string: such strings land in the old generation and cost a full GC every few dozen
 * renders, bench/ssr-render.mjs); undefined when the data is not live data or the template has
 * no empty root. Throws when rendering fails (the gateway then serves the plain index.html).
 */
export function renderLivePageParts(
  live: unknown,
  options: RenderLiveOptions,
): readonly string[] | undefined {
  const { template } = options;
  const lang = CATALOGUES[options.lang] ? options.lang : 'en';
  const now = options.now ?? Date.now();
  const tag = HTML_TAG.exec(template)?.[0];
  const root = template.indexOf(ROOT);
  if (!tag || root < 0) return undefined;
  const markup = renderLiveMarkup(live, lang, now);
  if (markup === undefined) return undefined;
  // The state as RenderedLiveState, its live data's JSON made once for all renders of it.
  const state: Omit<RenderedLiveState, 'live'> = { version: 1, lang, renderedAt: now };
  return [
    pageHead(template, root, tag, lang, options.theme),
    '<div id="root">',
    markup,
    `</div><script type="application/json" id="${RENDERED_STATE_ID}">`,
    `${JSON.stringify(state).slice(0, -1)},"live":`,
    liveJsonOf(live as object),
    '}</script>',
    template.slice(root + ROOT.length),
  ];
}

/** The page of renderLivePageParts as one string (tests). */
export function renderLivePage(live: unknown, options: RenderLiveOptions): string | undefined {
  return renderLivePageParts(live, options)?.join('');
}
