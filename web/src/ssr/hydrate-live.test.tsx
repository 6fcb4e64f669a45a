import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';
import { liveActions } from '@/features/live/live-store';
import { englishMessages } from '@/lib/i18n/catalog';
import { show } from '@/lib/i18n/i18n-store';
import { server } from '@/testing/msw-server';
import { HYDRATED_MARK, hydrateLivePage } from './hydrate-live';
import { readRenderedState, type RenderedLiveState } from './rendered-state';
import { renderLivePage } from './render-live';

// Issue 26 at the component level: the markup the gateway's render module writes, hydrated by
// the browser's code path, with React's development build, which reports every mismatch.

const TEMPLATE =
  '<!doctype html><html lang="en" data-bs-theme="light"><head></head><body><div id="root"></div></body></html>';

/** The demo fleet as the gateway renders it: every inverter's full object (the fixture's one twice). */
const [balcony] = liveDataMessageFixture.inverters;
const live = {
  ...liveDataMessageFixture,
  inverters: [balcony!, { ...balcony!, serial: '1164a113c7e2', name: 'Garage roof', order: 1 }],
};

/** Puts the rendered page's body into the document, as the browser parses it. */
function loadPage(html: string) {
  const body = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  document.body.innerHTML = body;
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  liveActions.reset();
});

describe('a server-rendered live page', () => {
  it.each([
    ['en', 2],
    ['de', 2],
    ['en', 1],
  ] as const)(
    'hydrates in %s with %i inverter(s) without a mismatch and without asking for the list',
    async (lang, count) => {
      const asked: string[] = [];
      server.use(
        http.get('*/api/*', ({ request }) => {
          asked.push(new URL(request.url).pathname);
          return HttpResponse.json({});
        }),
      );
      // The visitor's own choice, as the gateway read it from the cookie: kept after hydration.
      window.localStorage.setItem('locale', lang);
      const errors = vi.spyOn(console, 'error');
      const page = { ...live, inverters: live.inverters.slice(0, count) };
      const html = renderLivePage(page, { template: TEMPLATE, lang, now: Date.now() - 2_000 })!;
      const container = loadPage(html);
      const rendered = container.innerHTML;
      // A fresh browser: nothing of the render (same module here) may help the hydration.
      liveActions.reset();
      show('en', englishMessages());
      // Two or more: the overview's tiles; one: that inverter's panel.
      expect(within(container).queryAllByTestId('tile-power')).toHaveLength(
        count === 1 ? 0 : count,
      );
      // The data age, counted to the moment of the render (the gateway's data_age).
      expect(container.textContent).toMatch(/\b0\s(seconds?|Sekunden?)/);

      const state = readRenderedState(document);
      expect(state?.lang).toBe(lang);
      const redone: unknown[] = [];
      expect(await hydrateLivePage(container, state!, (error) => redone.push(error))).toBe(true);
      // The remembered login and tab follow once hydrated: the page took the browser's state.
      await waitFor(() => expect(asked).toContain('/api/i18n/languages'));
      expect(container.textContent).toMatch(/\b\d+\s(seconds?|Sekunden?)/);
      // MSW's note that the test's socket has no handler is no React warning.
      expect(redone.map(String)).toEqual([]);
      const reactErrors = errors.mock.calls.map((call) => String(call[0]));
      expect(reactErrors.filter((text) => !text.startsWith('[MSW]'))).toEqual([]);
      expect(asked).not.toContain(`/api/livedata/status`);
      expect(rendered).toContain(lang === 'de' ? 'Live-Daten' : 'Live Data');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        lang === 'de' ? 'Live-Daten' : 'Live Data',
      );
      errors.mockRestore();
    },
  );

  it('replays a tab click made before hydration on the same tab once hydrated', async () => {
    server.use(http.get('*/api/*', () => HttpResponse.json({})));
    const html = renderLivePage(live, { template: TEMPLATE, lang: 'en', now: Date.now() })!;
    const container = loadPage(html);
    // The page's inline script, as the browser runs it while parsing (innerHTML runs none).
    const inline = /<head><script>([^<]*)<\/script>/.exec(html)![1]!;
    window.eval(inline);
    liveActions.reset();
    const garage = () => within(container).getByRole('tab', { name: /Garage roof/ });
    const tab = garage();
    tab.querySelector('span')!.click();
    expect(tab).toHaveAttribute('aria-selected', 'false');

    expect(await hydrateLivePage(container, readRenderedState(document)!)).toBe(true);
    await waitFor(() => expect(garage()).toHaveAttribute('aria-selected', 'true'));
    // The same element: hydration kept the node the visitor clicked.
    expect(garage()).toBe(tab);
    expect(within(container).getByRole('tabpanel')).toHaveTextContent('1164a113c7e2');
    expect(performance.getEntriesByName(HYDRATED_MARK)).not.toHaveLength(0);
  });

  it('keeps names as text and the state unbreakable by `</script>`', () => {
    const name = '</script><!--<b>x</b>';
    const html = renderLivePage(
      { ...live, inverters: [{ ...balcony!, name }] },
      { template: TEMPLATE, lang: 'en' },
    )!;
    const script =
      /<script type="application\/json" id="heliodtu-rendered-live">([\s\S]*?)<\/script>/.exec(
        html,
      )![1]!;
    expect(JSON.parse(script).live.inverters[0].name).toBe(name);
    expect(html).not.toContain('<b>x</b>');
  });

  it('carries each render its own language and moment beside the same live data', () => {
    const state = (html: string) =>
      JSON.parse(
        /id="heliodtu-rendered-live">([\s\S]*?)<\/script>/.exec(html)![1]!,
      ) as RenderedLiveState;
    // One snapshot, as the gateway renders it for a German and an English visitor.
    const german = state(renderLivePage(live, { template: TEMPLATE, lang: 'de', now: 1_000 })!);
    const english = state(renderLivePage(live, { template: TEMPLATE, lang: 'en', now: 2_000 })!);
    expect(german).toEqual({ version: 1, lang: 'de', renderedAt: 1_000, live });
    expect(english).toEqual({ version: 1, lang: 'en', renderedAt: 2_000, live });
  });

  it('renders en, de and fr without Intl, whose first use maps ICU data into the gateway', async () => {
    const used: string[] = [];
    const intl = globalThis.Intl;
    vi.stubGlobal(
      'Intl',
      new Proxy(intl, {
        get(target, key) {
          used.push(String(key));
          return Reflect.get(target, key) as unknown;
        },
      }),
    );
    try {
      // A fresh module graph: nothing made with Intl at load or cached by an earlier render.
      vi.resetModules();
      const fresh = await import('./render-live');
      const big = { ...live, total: { ...live.total, Power: { v: 12345.678, u: 'W', d: 1 } } };
      const pages = ['en', 'de', 'fr'].map((lang) =>
        fresh.renderLivePage(big, { template: TEMPLATE, lang, now: Date.now() })!,
      );
      expect(pages[0]).toContain('12,345.7');
      expect(pages[1]).toContain('12.345,7');
      expect(pages[2]).toContain('12\u202f345,7');
      expect(pages[2]).toContain('Garage roof');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(used).toEqual([]);
  });

  it('throws rather than give a page with a part the server could not render', () => {
    // One inverter shows its tab, whose radio statistics need `radio_stats`.
    const { radio_stats: _dropped, ...broken } = balcony!;
    expect(() =>
      renderLivePage({ ...live, inverters: [broken] }, { template: TEMPLATE, lang: 'en' }),
    ).toThrow(/failed to render/);
  });

  it('gives no page for something that is not live data', () => {
    expect(renderLivePage({ nope: true }, { template: TEMPLATE, lang: 'en' })).toBeUndefined();
    expect(
      renderLivePage(liveDataStatusFixture, { template: '<html><body></body></html>', lang: 'en' }),
    ).toBeUndefined();
  });
});
