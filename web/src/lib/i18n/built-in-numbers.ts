/**
 * Numbers and plural choice for the built-in languages without Intl.
 *
 * Why: the gateway renders the live page on the server (issue 26) from the same components, and
 * the first Intl call of any kind in a Node process maps 6–9 MiB of ICU locale data into its
 * memory. The live page only needs fixed-digit decimals and "is this one?", which for en, de and
 * fr are a few lines each. Server and browser both run these, so the hydrated page matches the
 * rendered one by construction; `built-in-numbers.test.ts` holds them to Intl's output.
 * Other locales (a language pack's code) keep Intl.
 */

interface Separators {
  group: string;
  decimal: string;
}

/** CLDR's symbols for the built-in languages (French groups with a narrow no-break space). */
const SEPARATORS: Readonly<Record<string, Separators>> = {
  en: { group: ',', decimal: '.' },
  de: { group: '.', decimal: ',' },
  fr: { group: '\u202f', decimal: ',' },
};

/**
 * |value| with `places` decimals and a point, e.g. "1234.50". Rounds half away from zero on the
 * shortest decimal that reads back as the same double, as ICU does: 1.005 → "1.01", where
 * toFixed works on the binary value and gives "1.00".
 */
function fixedDigits(magnitude: number, places: number): string {
  const shortest = String(magnitude);
  // Most figures come with no more decimals than shown (a device's `d`): no rounding.
  const point = shortest.indexOf('.');
  const decimals = point < 0 ? 0 : shortest.length - point - 1;
  if (decimals <= places && shortest.indexOf('e') < 0) {
    if (places === 0) return shortest;
    return (point < 0 ? shortest + '.' : shortest) + '0'.repeat(places - decimals);
  }
  return roundedDigits(shortest, places);
}

/** The shortest decimal (String(number), maybe with an exponent) rounded to `places`. */
function roundedDigits(shortest: string, places: number): string {
  const [mantissa = '', exponent = '0'] = shortest.split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point + places + 1, '0');
  // Every digit after the first one dropped is ≥ 0, so a 5 there means at least half.
  const roundUp = digits.charCodeAt(point + places) >= 53;
  digits = digits.slice(0, point + places);
  if (roundUp) digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  const cut = digits.length - places;
  return places > 0 ? `${digits.slice(0, cut)}.${digits.slice(cut)}` : digits;
}

/** Where a group separator goes: before each full three digits to the end. */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * A formatter of `places` decimals for a built-in language, or null for any other locale or
 * a number of places Intl would refuse. Non-finite values and those of 1e21 or more, which
 * never come from a device, still go to `fallback` (Intl).
 */
export function builtInDecimalFormat(
  locale: string,
  places: number,
  fallback: (value: number) => string,
): ((value: number) => string) | null {
  const separators = SEPARATORS[locale];
  if (!separators || !Number.isInteger(places) || places < 0 || places > 20) return null;
  return (value) => {
    if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return fallback(value);
    const fixed = fixedDigits(Math.abs(value), places);
    const point = places > 0 ? fixed.length - places - 1 : fixed.length;
    const whole = fixed.slice(0, point);
    // Intl's default sign display shows the minus on every negative value, -0 included.
    const sign = value < 0 || Object.is(value, -0) ? '-' : '';
    const text = sign + (whole.length > 3 ? whole.replace(THOUSANDS, separators.group) : whole);
    return places > 0 ? text + separators.decimal + fixed.slice(point + 1) : text;
  };
}

/**
 * Whether a count (not negative) takes the language's "one" form, for a built-in language;
 * undefined for any other locale. English and German: exactly 1. French: below 2 (0 and 1.5
 * included, CLDR's "i = 0,1").
 */
export function builtInIsOne(locale: string, count: number): boolean | undefined {
  if (locale === 'en' || locale === 'de') return count === 1;
  if (locale === 'fr') return count >= 0 && count < 2;
  return undefined;
}
