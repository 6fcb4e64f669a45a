import { describe, expect, it } from 'vitest';
import { builtInDecimalFormat, builtInIsOne } from './built-in-numbers';

const LANGUAGES = ['en', 'de', 'fr'];
const intlFixed = (locale: string, places: number) => {
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
  return (value: number) => format.format(value);
};

/** Values a device sends and the edges of rounding, grouping and sign. */
function samples(): number[] {
  const list = [
    0,
    -0,
    0.5,
    1.5,
    2.5,
    -0.5,
    0.05,
    0.005,
    1.005,
    2.675,
    1.45,
    0.125,
    -0.04,
    -0.0004,
    9.995,
    99.95,
    999.5,
    999.95,
    1000,
    9999.5,
    12345.678,
    1234567.891,
    100000000,
    987654321.5,
    123456789012345680000,
    1e-7,
    3.3e-10,
    5e-5,
    49.99999,
    230.1,
    59.98,
    0.1 + 0.2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_VALUE,
    1e21,
    Infinity,
    -Infinity,
    NaN,
  ];
  // Figures as a fleet produces them: powers, yields, voltages, with one to three decimals.
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 3000; i += 1) {
    const scale = 10 ** Math.floor(random() * 9 - 2);
    const value = Math.round(random() * scale * 1000) / 1000;
    list.push(value, -value, Math.round(value * 10) / 10 + 0.05);
  }
  return list;
}

describe('built-in numbers', () => {
  it('formats every sample exactly as Intl does, 0 to 6 and 20 places, in en, de and fr', () => {
    const values = samples();
    for (const locale of LANGUAGES) {
      for (const places of [0, 1, 2, 3, 4, 6, 20]) {
        const intl = intlFixed(locale, places);
        const ours = builtInDecimalFormat(locale, places, intl);
        expect(ours).not.toBeNull();
        const differing = values
          .map((value) => ({ value, ours: ours!(value), intl: intl(value) }))
          .filter((row) => row.ours !== row.intl);
        expect({ locale, places, differing: differing.slice(0, 5) }).toEqual({
          locale,
          places,
          differing: [],
        });
      }
    }
  });

  it('groups French thousands with a narrow no-break space and German with a point', () => {
    expect(builtInDecimalFormat('fr', 1, () => '')!(1234567.25)).toBe('1\u202f234\u202f567,3');
    expect(builtInDecimalFormat('de', 0, () => '')!(-1234.5)).toBe('-1.235');
    expect(builtInDecimalFormat('en', 2, () => '')!(1.005)).toBe('1.01');
  });

  it('leaves other locales and impossible places to Intl', () => {
    const fallback = () => 'intl';
    expect(builtInDecimalFormat('it', 1, fallback)).toBeNull();
    expect(builtInDecimalFormat('en-GB', 1, fallback)).toBeNull();
    expect(builtInDecimalFormat('en', 21, fallback)).toBeNull();
    expect(builtInDecimalFormat('en', 1.5, fallback)).toBeNull();
    expect(builtInDecimalFormat('en', 1, fallback)!(Infinity)).toBe('intl');
  });

  it('picks "one" as Intl.PluralRules does for counts in en, de and fr', () => {
    const counts = [0, 0.5, 1, 1.5, 1.99, 2, 2.5, 3, 10, 11, 21, 101, 1000, 1000000, 2000000];
    for (const locale of LANGUAGES) {
      const rules = new Intl.PluralRules(locale);
      for (const count of counts) {
        expect([locale, count, builtInIsOne(locale, count)]).toEqual([
          locale,
          count,
          rules.select(count) === 'one',
        ]);
      }
    }
    expect(builtInIsOne('pl', 1)).toBeUndefined();
  });
});
