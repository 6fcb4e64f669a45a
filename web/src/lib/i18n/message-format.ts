/**
 * The message syntax of OpenDTU language packs (vue-i18n, architecture §6.7): `{name}` and
 * `{0}` placeholders, `{'literal'}`, `a | b | c` plural forms, and `@:key` / `@.lower:key` /
 * `@:(key)` links to other messages. Written by hand because i18next reads a different syntax.
 */

import { builtInIsOne } from './built-in-numbers';

/** Named values (any object, e.g. a `Range`) or a list for `{0}`-style placeholders. */
export type MessageParams = object | readonly unknown[];

export interface FormatOptions {
  params?: MessageParams | undefined;
  /** Selects the plural form; also available to the message as `{count}` and `{n}`. */
  count?: number | undefined;
  /** The language of the message, whose plural rules choose the form (vue-i18n's choice without). */
  locale?: string | undefined;
  /** Looks up a linked message by its full key. */
  resolve: (key: string) => string | undefined;
}

const MAX_LINK_DEPTH = 8;
const MODIFIERS: Record<string, (text: string) => string> = {
  lower: (text) => text.toLowerCase(),
  upper: (text) => text.toUpperCase(),
  capitalize: (text) => text.charAt(0).toUpperCase() + text.slice(1),
};
const LINK = /^@(?:\.(\w+))?:(?:\(([^)]*)\)|([\w.-]*[\w-]))/;

/** Splits at `|` outside braces; the forms keep their inner spacing trimmed. */
export function pluralForms(message: string): string[] {
  const forms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < message.length; i += 1) {
    const char = message[i];
    if (char === '{') depth += 1;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (char === '|' && depth === 0) {
      forms.push(message.slice(start, i).trim());
      start = i + 1;
    }
  }
  forms.push(forms.length > 0 ? message.slice(start).trim() : message.slice(start));
  return forms;
}

const pluralRules = new Map<string, Intl.PluralRules | null>();

/** The language's plural rules, or null for a code the browser has no rules for. */
function rulesOf(locale: string): Intl.PluralRules | null {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    try {
      // An unknown code would silently get the browser's own language rules.
      const known = Intl.PluralRules.supportedLocalesOf([locale]).length > 0;
      rules = known ? new Intl.PluralRules(locale) : null;
    } catch {
      rules = null; // not a language tag at all (a pack's odd code)
    }
    pluralRules.set(locale, rules);
  }
  return rules;
}

/** Whether `n` takes the singular: 1 always (as packs read it in vue-i18n), and whatever else the language counts as one (0 in French). */
function isSingular(n: number, locale: string | undefined): boolean {
  if (n === 1) return true;
  if (locale === undefined) return false;
  const builtIn = builtInIsOne(locale, n);
  if (builtIn !== undefined) return builtIn;
  const rules = rulesOf(locale);
  return rules?.select(n) === 'one';
}

/**
 * Which form to show. Two forms are singular | plural, the singular chosen by the language's
 * rules (vue-i18n takes it for 1 only, which says "0 jours" in French); three are
 * zero | one | many, with 0 always the zero form the author wrote.
 */
export function pluralIndex(count: number, forms: number, locale?: string): number {
  const n = Math.abs(count);
  let index: number;
  if (forms === 2) index = isSingular(n, locale) ? 0 : 1;
  else if (n === 0) index = 0;
  else index = isSingular(n, locale) ? 1 : 2;
  return Math.min(index, forms - 1);
}

function namedValue(params: MessageParams | undefined, name: string): unknown {
  if (params === undefined) return undefined;
  if (Array.isArray(params)) return /^\d+$/.test(name) ? params[Number(name)] : undefined;
  return (params as Record<string, unknown>)[name];
}

function display(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

function render(message: string, options: FormatOptions, depth: number): string {
  const forms = pluralForms(message);
  // Without a count a plural message shows its first form.
  const index =
    options.count === undefined ? 0 : pluralIndex(options.count, forms.length, options.locale);
  const source = forms.length === 1 ? message : (forms[index] ?? '');
  let out = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '{') {
      const end = source.indexOf('}', i);
      if (end < 0) {
        out += source.slice(i);
        break;
      }
      const inner = source.slice(i + 1, end).trim();
      const literal = /^'(.*)'$/.exec(inner);
      out += literal ? (literal[1] ?? '') : display(paramValue(options, inner));
      i = end + 1;
      continue;
    }
    if (char === '@') {
      const link = LINK.exec(source.slice(i));
      if (link) {
        const key = link[2] ?? link[3] ?? '';
        const target = depth < MAX_LINK_DEPTH ? options.resolve(key) : undefined;
        const text = target === undefined ? key : render(target, options, depth + 1);
        const modify = link[1] ? MODIFIERS[link[1]] : undefined;
        out += modify ? modify(text) : text;
        i += link[0].length;
        continue;
      }
    }
    out += char;
    i += 1;
  }
  return out;
}

function paramValue(options: FormatOptions, name: string): unknown {
  const value = namedValue(options.params, name);
  if (value === undefined && (name === 'count' || name === 'n')) return options.count;
  return value;
}

/** Formats one message with its parameters, plural count and links. */
export function formatMessage(message: string, options: FormatOptions): string {
  return render(message, options, 0);
}
