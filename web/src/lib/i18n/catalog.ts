import type en from '@/locales/en.json';
import englishCore from 'virtual:en-core';
import { formatMessage, type MessageParams } from './message-format';

/** A message tree as in en.json or the `webapp` part of an OpenDTU language pack. */
export interface Messages {
  [key: string]: string | Messages;
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of en.json; a key missing there fails `tsc` (architecture §6.7). */
export type MessageKey = Leaves<typeof en>;

/** The first-load part of en.json (CORE_NAMESPACES); see ensureFullEnglish(). */
export const EN_CORE_MESSAGES: Messages = englishCore;
let english: Messages = englishCore;
let fullEnglish: Promise<Messages> | undefined;

/** The English catalogue as far as loaded: the core at first, the whole file after ensureFullEnglish(). */
export const englishMessages = (): Messages => english;

/** Loads the rest of en.json once (a chunk of its own); later calls share the first. */
export function ensureFullEnglish(): Promise<Messages> {
  fullEnglish ??= import('@/locales/en.json').then((module) => {
    english = module.default;
    return english;
  });
  return fullEnglish;
}

/** Languages built into the interface; the server adds more (spec §1). */
export const BUILTIN_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
] as const;

export const isBuiltin = (code: string) => BUILTIN_LANGUAGES.some((l) => l.code === code);

let wholeCatalogues = false;
const wholeBuiltin: Partial<Record<string, Promise<Messages>>> = {};

/** The whole de or fr catalogue, loaded once (a chunk of its own). */
function loadWhole(code: 'de' | 'fr'): Promise<Messages> {
  wholeBuiltin[code] ??=
    code === 'de'
      ? import('@/locales/de.json').then((module) => module.default)
      : import('@/locales/fr.json').then((module) => module.default);
  return wholeBuiltin[code];
}

/**
 * Loads a built-in catalogue. de and fr come as their first-screen part (CORE_NAMESPACES, a
 * small chunk) until wantWholeCatalogues(), then whole; en loads whole at once.
 */
export async function loadBuiltin(code: string): Promise<Messages> {
  if (code === 'de' || code === 'fr') {
    if (wholeCatalogues) return loadWhole(code);
    const core =
      code === 'de'
        ? (await import('virtual:de-core')).default
        : (await import('virtual:fr-core')).default;
    // Wanted whole while the part loaded: no screen may show with the part only.
    return wholeCatalogues ? loadWhole(code) : core;
  }
  return ensureFullEnglish();
}

/**
 * From now on every built-in catalogue loads whole (a screen beyond the live view is near);
 * resolves with the whole English one.
 */
export function wantWholeCatalogues(): Promise<Messages> {
  wholeCatalogues = true;
  return ensureFullEnglish();
}

/** The message at a dotted key, or undefined (also for a key that names a subtree). */
export function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (key: MessageKey, params?: MessageParams, count?: number) => string;
export type TranslateAny = (key: string, params?: MessageParams, count?: number) => string;

/**
 * A translator over `messages` (in the language `locale`) that falls back to en per key,
 * silently (spec §4), and shows the key itself when even en lacks it. Links resolve with the
 * same fallback. A plural form is chosen by the rules of the language its message is in.
 */
export function createTranslator(
  messages: Messages,
  fallback: Messages = english,
  locale = 'en',
): TranslateAny {
  const resolve = (key: string) => lookup(messages, key) ?? lookup(fallback, key);
  // Catalogues never change under a translator (a new one comes with new messages): each key is
  // looked up once, and a text without parameters formatted once. The server render asks the
  // same keys for every tile and string (bench/ssr-render.mjs: allocations, hence GC pauses).
  const found = new Map<string, { message: string; locale: string } | null>();
  const plain = new Map<string, string>();
  return (key, params, count) => {
    const constant = params === undefined && count === undefined;
    if (constant) {
      const done = plain.get(key);
      if (done !== undefined) return done;
    }
    let entry = found.get(key);
    if (entry === undefined) {
      const own = lookup(messages, key);
      const message = own ?? lookup(fallback, key);
      entry = message === undefined ? null : { message, locale: own === undefined ? 'en' : locale };
      found.set(key, entry);
    }
    if (entry === null) return key;
    const text = formatMessage(entry.message, { params, count, resolve, locale: entry.locale });
    if (constant) plain.set(key, text);
    return text;
  };
}
