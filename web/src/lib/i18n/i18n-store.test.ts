import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { createTranslator, englishMessages } from './catalog';
import { startI18n, useI18nStore } from './i18n-store';

const noServerPacks = () =>
  server.use(http.get('*/api/i18n/languages', () => HttpResponse.json([])));

afterEach(() => {
  useI18nStore.setState({
    locale: 'en',
    messages: englishMessages(),
    translate: createTranslator(englishMessages()),
    languages: useI18nStore.getState().languages.slice(0, 3),
  });
  document.documentElement.lang = 'en';
  vi.restoreAllMocks();
});

const t = (key: string) => useI18nStore.getState().translate(key);

describe('language choice (spec §1, §4, §9)', () => {
  it('loads a built-in language, sets <html lang> and stores the choice', async () => {
    await useI18nStore.getState().setLocale('de');
    expect(t('menu.Settings')).toBe('Einstellungen');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('locale')).toBe('de');
  });

  it("chooses plural forms by the shown language's rules: 0 days is singular in French", async () => {
    await useI18nStore.getState().setLocale('fr');
    const uptime = (days: number) =>
      useI18nStore.getState().translate('firmwareinfo.UptimeValue', { days, time: '01:02' }, days);
    expect([0, 1, 2].map(uptime)).toEqual(['0 jour 01:02', '1 jour 01:02', '2 jours 01:02']);
  });

  it('loads a server pack through /api/i18n/language and falls back to en per key', async () => {
    server.use(
      http.get('*/api/i18n/language', ({ request }) =>
        new URL(request.url).searchParams.get('code') === 'nl'
          ? HttpResponse.json({
              meta: { code: 'nl', name: 'Nederlands' },
              webapp: { menu: { Settings: 'Instellingen' } },
            })
          : new HttpResponse(null, { status: 404 }),
      ),
    );
    await useI18nStore.getState().setLocale('nl');
    expect(t('menu.Settings')).toBe('Instellingen');
    expect(t('menu.About')).toBe('About');
    expect(document.documentElement.lang).toBe('nl');
  });

  it('falls back to en silently when a pack fails to load', async () => {
    server.use(http.get('*/api/i18n/language', () => new HttpResponse(null, { status: 404 })));
    await useI18nStore.getState().setLocale('xx');
    expect(useI18nStore.getState().locale).toBe('en');
    expect(t('menu.Settings')).toBe('Settings');
    expect(window.location.pathname).toBe('/');
  });

  it('lists the server languages after the built-in ones', async () => {
    server.use(
      http.get('*/api/i18n/languages', () =>
        HttpResponse.json([
          { code: 'nl', name: 'Nederlands' },
          { code: 'de', name: 'duplicate' },
        ]),
      ),
    );
    const languages = await useI18nStore.getState().loadServerLanguages();
    expect(languages.map((l) => l.code)).toEqual(['en', 'de', 'fr', 'nl']);
  });

  it('starts with the browser language prefix without storing it', async () => {
    noServerPacks();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-CA');
    await startI18n();
    expect(useI18nStore.getState().locale).toBe('fr');
    expect(localStorage.getItem('locale')).toBeNull();
  });

  it('prefers the stored choice, and keeps en for a browser language nobody offers', async () => {
    noServerPacks();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-ES');
    await startI18n();
    expect(useI18nStore.getState().locale).toBe('en');
    localStorage.setItem('locale', 'de');
    await startI18n();
    expect(useI18nStore.getState().locale).toBe('de');
  });

  it('shows a built-in browser language without waiting for the language list (issue 13)', async () => {
    // The list never answers: startI18n must not wait for it.
    server.use(http.get('*/api/i18n/languages', () => new Promise<never>(() => {})));
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    await startI18n();
    expect(useI18nStore.getState().locale).toBe('de');
  });

  it('shows en first and follows a browser language the server offers once listed', async () => {
    type Listed = { code: string; name: string }[];
    let answer: (list: Listed) => void = () => {};
    const list = new Promise<Listed>((resolve) => (answer = resolve));
    server.use(http.get('*/api/i18n/languages', async () => HttpResponse.json(await list)));
    server.use(
      http.get('*/api/i18n/language', () =>
        HttpResponse.json({ meta: { code: 'nl' }, webapp: { menu: { Settings: 'Instellingen' } } }),
      ),
    );
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('nl-NL');
    await startI18n();
    expect(useI18nStore.getState().locale).toBe('en');
    answer([{ code: 'nl', name: 'Nederlands' }]);
    await vi.waitFor(() => expect(useI18nStore.getState().locale).toBe('nl'));
    expect(localStorage.getItem('locale')).toBeNull();
  });
});
