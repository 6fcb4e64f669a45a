import type { Plugin } from 'vite';

/** What the inline start script needs from the build. */
export interface EarlyStartFacts {
  /** localStorage keys (lib/storage-keys.ts): the login record and the chosen language. */
  userKey: string;
  localeKey: string;
  /** Built-in catalogue chunks by language code ('de' → 'assets/de-x.js'); none in one-file builds. */
  localeChunks: Record<string, string>;
  /** The cookie the gateway sets on index.html: read access without login on or off. */
  readCookie: string;
  /** On <html> when the gateway rendered the live page with its data (src/ssr/rendered-state.ts). */
  renderedAttribute: string;
  /** Set on <html> first thing: scripts run here (src/lib/early-start.ts SCRIPTING_ATTRIBUTE). */
  scriptingAttribute: string;
}

/**
 * A tiny inline script for <head>, right after the <base> script: it starts what the first screen
 * needs while the JS still downloads (issue 13), so these requests do not wait for the JS chain.
 * - The catalogue of the language in use (stored choice, else the browser's): a modulepreload.
 * - On the live route, GET api/livedata/status with the stored credentials. Without them it is
 *   only made when the gateway allows read-only access (cookie, see server web-static), so a
 *   protected gateway sees no request before login, and never a 401. The answer waits in
 *   `window.__heliodtuEarly.live` for the live view (lib/early-start.ts) to take it once. Not
 *   when the gateway rendered the page with the live data in it (issue 26).
 */
export function earlyStartScript(facts: EarlyStartFacts): string {
  return [
    '(function(){try{',
    `document.documentElement.setAttribute(${JSON.stringify(facts.scriptingAttribute)},"");`,
    'var d=document,s=localStorage,w={},u=null,c=s.getItem(' +
      JSON.stringify(facts.localeKey) +
      ');',
    'window.__heliodtuEarly=w;',
    'if(!c)c=(navigator.language||"en").split("-")[0].toLowerCase();',
    `var m=${JSON.stringify(facts.localeChunks)}[c];`,
    'if(m){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m;d.head.appendChild(l);}',
    'var b=new URL(d.baseURI).pathname;',
    'if(location.pathname!==b&&location.pathname!==b+"index.html")return;',
    `if(d.documentElement.hasAttribute(${JSON.stringify(facts.renderedAttribute)}))return;`,
    'try{u=JSON.parse(s.getItem(' + JSON.stringify(facts.userKey) + '))}catch(e){}',
    'var h={"X-Requested-With":"XMLHttpRequest"};',
    'if(u&&typeof u.authdata==="string")h.Authorization="Basic "+u.authdata;',
    `else if(/(^|; )${facts.readCookie}=off(;|$)/.test(d.cookie))return;`,
    'w.live=fetch("api/livedata/status",{headers:h});',
    'w.live.catch(function(){});',
    '}catch(e){}})();',
  ].join('');
}

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
}

const chunkOf = (bundle: Record<string, unknown>, source: string) =>
  Object.values(bundle).find(
    (item): item is ChunkInfo =>
      (item as ChunkInfo).type === 'chunk' &&
      ((item as ChunkInfo).facadeModuleId ?? '').endsWith(source),
  );

/**
 * Puts the early-start script where index.html says `<!-- early-start -->`, with the file names
 * of the built-in catalogue chunks (`locales`: language code → module). The live view itself is
 * part of the entry (app/router.tsx), whose imports Vite modulepreloads.
 */
export function earlyStart(options: {
  locales: Record<string, string>;
  facts: Omit<EarlyStartFacts, 'localeChunks'>;
}): Plugin {
  return {
    name: 'heliodtu-early-start',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = (context.bundle ?? {}) as Record<string, unknown>;
        const localeChunks: Record<string, string> = {};
        for (const [code, source] of Object.entries(options.locales)) {
          const chunk = chunkOf(bundle, source);
          if (chunk) localeChunks[code] = chunk.fileName;
        }
        const script = `<script>${earlyStartScript({ ...options.facts, localeChunks })}</script>`;
        return html.replace('<!-- early-start -->', script);
      },
    },
  };
}
