import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyStartScript } from './early-start';

const FACTS = {
  userKey: 'user',
  localeKey: 'locale',
  localeChunks: { de: 'assets/de-abc12345.js', fr: 'assets/fr-abc12345.js' },
  readCookie: 'heliodtu-readonly',
  renderedAttribute: 'data-live-rendered',
  scriptingAttribute: 'data-scripting',
};

/** Runs the inline script as index.html would, at the given path (the <base> is the root). */
function runAt(pathname: string) {
  if (!document.querySelector('base')) {
    const base = document.createElement('base');
    base.href = '/';
    document.head.append(base);
  }
  window.history.replaceState(null, '', pathname);
  new Function(earlyStartScript(FACTS))();
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) =>
    l.getAttribute('href'),
  );

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = 'heliodtu-readonly=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  for (const link of document.head.querySelectorAll('link')) link.remove();
  delete window.__heliodtuEarly;
  document.documentElement.removeAttribute('data-live-rendered');
  window.history.replaceState(null, '', '/');
});

describe('index.html early start (issue 13)', () => {
  it('starts the live status request on the live route, without credentials when none are stored', () => {
    runAt('/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('api/livedata/status');
    expect(init.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(window.__heliodtuEarly?.live).toBeInstanceOf(Promise);
  });

  it('sends the stored credentials', () => {
    localStorage.setItem('user', JSON.stringify({ authdata: 'YWRtaW46c2VjcmV0' }));
    document.cookie = 'heliodtu-readonly=off; path=/';
    runAt('/');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: 'Basic YWRtaW46c2VjcmV0',
    });
  });

  it('asks nothing without credentials when the gateway needs a login for reading', () => {
    document.cookie = 'heliodtu-readonly=off; path=/';
    runAt('/');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__heliodtuEarly?.live).toBeUndefined();
  });

  it('asks nothing when the gateway rendered the live data into the page (issue 26)', () => {
    document.documentElement.setAttribute('data-live-rendered', '');
    runAt('/');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__heliodtuEarly?.live).toBeUndefined();
  });

  it('marks <html> as scripted, so the no-JavaScript notice hides', () => {
    document.documentElement.removeAttribute('data-scripting');
    runAt('/settings/ntp');
    expect(document.documentElement.hasAttribute('data-scripting')).toBe(true);
  });

  it('asks nothing for the live view on other routes', () => {
    runAt('/settings/ntp');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('preloads the catalogue of the stored language, else of the browser language', () => {
    localStorage.setItem('locale', 'fr');
    runAt('/');
    expect(preloads()).toEqual(['assets/fr-abc12345.js']);
    for (const link of document.head.querySelectorAll('link')) link.remove();
    localStorage.clear();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-AT');
    runAt('/');
    expect(preloads()).toEqual(['assets/de-abc12345.js']);
  });

  it('preloads nothing for English or a language without a built-in catalogue', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    runAt('/');
    localStorage.setItem('locale', 'nl');
    runAt('/');
    expect(preloads()).toEqual([]);
  });
});
