/**
 * A tiny inline script for the top of <head>: it derives the interface root from the known
 * routes and sets <base href> before any asset URL is resolved. So every URL can stay relative
 * and the interface works at the server root, under a reverse-proxy sub-path, and on a deep
 * link (/settings/ntp) alike — the firmware layout included, where no server rewrites HTML.
 * An unknown path takes the root before a known first segment (/dtu/settings/old → /dtu/),
 * else its own folder (/dtu/ → /dtu/, /foo → /).
 */
export function baseHrefScript(routes: readonly string[]): string {
  const suffixes = routes
    .map((route) => route.replace(/^\/+|\/+$/g, ''))
    .filter((route) => route !== '')
    .sort((a, b) => b.length - a.length);
  // First segments of nested routes: an unknown /settings/x still finds the root before it.
  const groups = [...new Set(suffixes.filter((s) => s.includes('/')).map((s) => s.split('/')[0]))];
  return [
    '(function(){',
    `var r=${JSON.stringify(suffixes)},p=location.pathname.replace(/index\\.html$/,""),`,
    'q=p.replace(/\\/+$/,""),b=null,i,s;',
    'for(i=0;i<r.length&&b===null;i++){s="/"+r[i];',
    'if(q.slice(-s.length)===s)b=q.slice(0,q.length-s.length)+"/";}',
    `if(b===null){var g=${JSON.stringify(groups)};for(i=0;i<g.length&&b===null;i++){`,
    's="/"+g[i]+"/";var k=(q+"/").lastIndexOf(s);if(k>=0)b=q.slice(0,k)+"/";}}',
    'if(b===null)b=p.slice(0,p.lastIndexOf("/")+1);',
    'var e=document.createElement("base");e.href=b;document.head.appendChild(e);',
    '})();',
  ].join('');
}
