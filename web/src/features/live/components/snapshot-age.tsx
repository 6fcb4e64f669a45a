import { useNow } from '@/hooks/use-now';
import { useFormat } from '@/lib/format';
import { useLocale, useT } from '@/lib/i18n/use-t';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

// One per language: the notice ticks every second, and a new format each time loads its data anew.
const formats = new Map<string, Intl.RelativeTimeFormat>();

/** "5 minutes ago", in the page's language: the largest whole unit, seconds below a minute. */
export function ageText(locale: string, seconds: number): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  const [unit, size] = UNITS.find(([, length]) => seconds >= length) ?? ['second', 1];
  return format.format(-Math.floor(seconds / size), unit);
}

/** The stored snapshot's notice: when its data arrived, and how long ago (ticks each second). */
export function SnapshotAge({ restoredAt }: { restoredAt: number }) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const now = useNow();
  return (
    <div className="alert alert-secondary py-2" role="status" data-notice="snapshot">
      {t('home.SnapshotShown', {
        time: format.datetime(restoredAt),
        age: ageText(locale, Math.max(0, (now - restoredAt) / 1000)),
      })}
    </div>
  );
}
