/**
 * Where the interface lives. index.html sets a <base> from the known routes before anything
 * loads (see build/base-href.ts), so a reverse proxy may serve us under any sub-path and every
 * URL we use is relative to document.baseURI (OpenDTU#1118).
 */

/** The base path without a trailing slash: '' at the server root, '/dtu' under a proxy. */
export function basePath(): string {
  return new URL(document.baseURI).pathname.replace(/\/+$/, '');
}

/** The absolute URL of a path relative to the interface root ('api/x', 'livedata'). */
export function appUrl(relative: string): string {
  return new URL(relative.replace(/^\/+/, ''), document.baseURI).href;
}

/** ws: or wss: by the page protocol, for a socket path such as 'livedata' (spec §7). */
export function socketUrl(relative: string): string {
  const url = new URL(appUrl(relative));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The in-app path of the current location, with its query: '/settings/ntp?x=1'. */
export function currentAppPath(): string {
  const base = basePath();
  const { pathname, search } = window.location;
  const inside = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return (inside.startsWith('/') ? inside : `/${inside}`) + search;
}
