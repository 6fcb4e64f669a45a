import { describe, expect, it } from 'vitest';
import type { LiveRenderModule } from './rendered-live-page.js';
import { SHARED_PAGE_MS, SharedLivePages } from './shared-live-pages.js';

// The gateway renders the live page once per change of the live data per language and theme
// and shares it among visitors (bench/ssr-render.mjs); these pin down when a page is rendered anew.

const moduleOf = (): LiveRenderModule => ({
  renderLivePageParts: () => [],
  RENDER_LANGUAGES: ['en', 'de', 'fr'],
});

/** A live source whose power the test sets, a clock it moves and a render counting its calls. */
function setup(sharing = true) {
  let now = 1_000_000;
  let watts = 100;
  const pages = new SharedLivePages({ sharing, clock: () => now });
  const module = moduleOf();
  const rendered: string[] = [];
  /** `theme` null: the system's (no theme cookie). */
  const get = (lang = 'en', theme: string | null = 'dark', by = module) =>
    pages
      .page({ lang, theme: theme ?? undefined }, by, '<template>', (at) => {
        const html = `${lang} ${theme ?? 'auto'} ${watts} W at ${at}`;
        rendered.push(html);
        return Buffer.from(html);
      })
      ?.plain.toString();
  return {
    pages,
    get,
    rendered,
    setWatts: (w: number) => (watts = w),
    advance: (ms: number) => (now += ms),
  };
}

describe('live pages shared among visitors', () => {
  it('renders once for the visitors of the same moment', () => {
    const { pages, get, rendered, advance } = setup();
    const first = get();
    advance(SHARED_PAGE_MS - 1);
    expect(get()).toBe(first);
    expect(rendered).toHaveLength(1);
    expect(pages.hits).toBe(1);
  });

  it('renders the new figures as soon as the live data changed', () => {
    const { pages, get, setWatts } = setup();
    expect(get()).toContain('100 W');
    setWatts(250);
    // Unchanged data as far as the cache knows: still the page of that data.
    expect(get()).toContain('100 W');
    pages.changed();
    expect(get()).toContain('250 W');
  });

  it('shares a page for a second at most, so its data ages stay current', () => {
    const { get, rendered, advance } = setup();
    get();
    advance(SHARED_PAGE_MS);
    get();
    expect(rendered).toHaveLength(2);
    // A clock set back never makes an old page look new.
    advance(-5_000);
    get();
    expect(rendered).toHaveLength(3);
  });

  it('keys language and theme separately', () => {
    const { get, rendered } = setup();
    expect(get('en', 'dark')).toMatch(/^en dark/);
    expect(get('de', 'dark')).toMatch(/^de dark/);
    expect(get('en', 'light')).toMatch(/^en light/);
    expect(get('en', null)).toMatch(/^en auto/);
    expect(get('de', 'dark')).toMatch(/^de dark/);
    expect(rendered).toHaveLength(4);
  });

  it('renders anew with a new build of the render module', () => {
    const { get, rendered } = setup();
    get();
    get('en', 'dark', moduleOf());
    expect(rendered).toHaveLength(2);
  });

  it('holds a bounded number of pages, and none after a change', () => {
    const { pages, get } = setup();
    for (let i = 0; i < 40; i += 1) get(`l${i}`, 'dark');
    expect(pages.size).toBeLessThanOrEqual(16);
    pages.changed();
    expect(pages.size).toBe(0);
  });

  it('shares nothing without change notices', () => {
    const { pages, get, rendered } = setup(false);
    get();
    get();
    expect(rendered).toHaveLength(2);
    expect(pages.size).toBe(0);
  });

  it('renders every language of one moment from the same live data, read anew after a change or a second', () => {
    const { pages, advance } = setup();
    let reads = 0;
    const read = () => ({ read: (reads += 1) });
    const first = pages.snapshot(read);
    // Another language's render of the same moment: the same object, so its JSON is made once.
    expect(pages.snapshot(read)).toBe(first);
    pages.changed();
    const second = pages.snapshot(read);
    expect(second).not.toBe(first);
    advance(SHARED_PAGE_MS);
    expect(pages.snapshot(read)).not.toBe(second);
    expect(reads).toBe(3);
    const unshared = setup(false).pages;
    expect(unshared.snapshot(read)).not.toBe(unshared.snapshot(read));
  });

  it('compresses a shared page once for all its visitors', async () => {
    const { pages } = setup();
    let renders = 0;
    const render = () => {
      renders += 1;
      return Buffer.from('x'.repeat(5000));
    };
    const page = pages.page({ lang: 'en', theme: undefined }, moduleOf(), 't', render)!;
    const [a, b] = await Promise.all([page.body('br'), page.body('br')]);
    expect(a).toBe(b);
    expect(a.length).toBeLessThan(5000);
    expect(await page.body(undefined)).toBe(page.plain);
    expect(renders).toBe(1);
  });
});
