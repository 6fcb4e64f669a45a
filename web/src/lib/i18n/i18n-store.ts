import { apiGet } from '../api-client';
import { PREFERENCE_COOKIES, writePreferenceCookie } from '../preference-cookies';
import { createRenderedStore } from '../rendered-store';
import { STORAGE_KEYS, storage } from '../storage-keys';
import {
  BUILTIN_LANGUAGES,
  createTranslator,
  englishMessages,
  isBuiltin,
  loadBuiltin,
  type Messages,
  type TranslateAny,
  wantWholeCatalogues,
} from './catalog';

export interface Language {
  code: string;
  name: string;
}

interface I18nState {
  /** The language shown now (en after a failed load). */
  locale: string;
  messages: Messages;
  translate: TranslateAny;
  /** Built-in languages first, then the server's packs (spec §1). */
  languages: Language[];
  setLocale(code: string): Promise<void>;
  loadServerLanguages(): Promise<Language[]>;
}

let generation = 0;

/** Shows a language; also what a server-rendered page sets before it renders (ssr/). */
export function show(locale: string, messages: Messages) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  useI18nStore.setState({
    locale,
    messages,
    translate: createTranslator(messages, englishMessages(), locale),
  });
}

async function loadMessages(code: string): Promise<Messages> {
  if (isBuiltin(code)) return loadBuiltin(code);
  const pack = await apiGet<{ webapp?: Messages }>('api/i18n/language', {
    query: { code },
    silent: true,
  });
  if (typeof pack?.webapp !== 'object' || pack.webapp === null) throw new Error('not a pack');
  return pack.webapp;
}

export const useI18nStore = createRenderedStore<I18nState>((_set, get) => ({
  locale: 'en',
  messages: englishMessages(),
  translate: createTranslator(englishMessages()),
  languages: [...BUILTIN_LANGUAGES],
  async setLocale(code) {
    storage.set(STORAGE_KEYS.locale, code);
    writePreferenceCookie(PREFERENCE_COOKIES.locale, code);
    const current = (generation += 1);
    try {
      const messages = await loadMessages(code);
      if (current === generation) show(code, messages);
    } catch {
      // A pack that fails to load falls back to en silently (spec §4).
      if (current === generation) show('en', englishMessages());
    }
  },
  async loadServerLanguages() {
    try {
      const list = await apiGet<Language[]>('api/i18n/languages', { silent: true });
      const extra = (Array.isArray(list) ? list : []).filter(
        (l) => typeof l?.code === 'string' && l.code !== '' && !isBuiltin(l.code),
      );
      useI18nStore.setState({ languages: [...BUILTIN_LANGUAGES, ...extra] });
    } catch {
      // The list is optional (spec §7: failure ignored).
    }
    return get().languages;
  },
}));

/** The stored choice, else the browser language's prefix, else en (spec §9). */
export function preferredLocale(): { code: string; chosen: boolean } {
  const stored = storage.get(STORAGE_KEYS.locale);
  if (stored) return { code: stored, chosen: true };
  const prefix = (navigator.language || 'en').split('-')[0]?.toLowerCase() || 'en';
  return { code: prefix, chosen: false };
}

/** No language chosen: the browser's own applies, here and on the gateway's render. */
function forgetChoice() {
  storage.remove(STORAGE_KEYS.locale);
  writePreferenceCookie(PREFERENCE_COOKIES.locale, null);
}

/**
 * Shows the preferred language; resolves once it shows. Nothing here waits for the server's
 * language list, which only fills the selector (issue 13): a stored choice or a built-in
 * browser language loads at once. A browser language that only a server pack may offer shows
 * en first and follows when the list names it; one nobody offers stays en.
 */
export async function startI18n(): Promise<void> {
  const { code, chosen } = preferredLocale();
  const store = useI18nStore.getState();
  const listed = store.loadServerLanguages();
  if (code !== 'en' && (chosen || isBuiltin(code))) {
    await store.setLocale(code);
    // A default taken from the browser keeps following the browser.
    if (!chosen) forgetChoice();
    return;
  }
  // The gateway renders in the stored choice: the cookie follows localStorage.
  writePreferenceCookie(PREFERENCE_COOKIES.locale, chosen ? code : null);
  show('en', englishMessages());
  if (code === 'en') return;
  void listed.then(async (list) => {
    const untouched = !preferredLocale().chosen && useI18nStore.getState().locale === 'en';
    if (!untouched || !list.some((l) => l.code === code)) return;
    await store.setLocale(code);
    forgetChoice();
  });
}

/**
 * Makes the whole catalogues available: English, shown when English is the language and the
 * fallback of every other, and the shown built-in language's (de and fr start with their
 * first-screen part). Screens beyond the live view wait for it (app/lazy-screen.tsx).
 */
export async function ensureFullCatalog(): Promise<void> {
  const coreEnglish = englishMessages();
  const fullEnglish = await wantWholeCatalogues();
  const { locale, messages } = useI18nStore.getState();
  let next = messages === coreEnglish ? fullEnglish : messages;
  if (locale !== 'en' && isBuiltin(locale)) {
    const whole = await loadBuiltin(locale);
    // A language chosen meanwhile has loaded its whole catalogue itself.
    if (useI18nStore.getState().locale !== locale) return;
    next = whole;
  }
  if (fullEnglish === coreEnglish && next === useI18nStore.getState().messages) return;
  show(locale, next);
}
