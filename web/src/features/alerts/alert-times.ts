/** "3 minutes ago" in the visitor's language: the largest whole unit, seconds below a minute. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const cache = new Map<string, Intl.RelativeTimeFormat>();

export function relativeTime(thenMs: number, nowMs: number, locale: string): string {
  let format = cache.get(locale);
  if (!format) {
    const tag =
      Intl.RelativeTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
    format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
    cache.set(locale, format);
  }
  const seconds = Math.round((thenMs - nowMs) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}
