import { useI18nStore } from './i18n-store';
import type { Translate, TranslateAny } from './catalog';

/** The translator for the current language; components re-render when it changes. */
export function useT(): Translate {
  return useI18nStore((state) => state.translate);
}

/** Untyped keys, for keys built at run time ('apiresponse.' + code). */
export function useTranslateAny(): TranslateAny {
  return useI18nStore((state) => state.translate);
}

export function useLocale(): string {
  return useI18nStore((state) => state.locale);
}

/** Translation outside React (document title, error texts). */
export const translate: TranslateAny = (key, params, count) =>
  useI18nStore.getState().translate(key, params, count);
