import { dataAgeDisplay, inverterAgeSeconds } from '@heliodtu/contract/domain/data-age';
import { useNow } from '@/hooks/use-now';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useLiveStore } from '../live-store';

/**
 * The data age of one inverter, derived at render from the server's data_age (data_age_ms where
 * the device sends it, v26) and the arrival time (architecture §6.5); above 300 s the absolute
 * time of the last data (spec §4). Only this small component ticks every second.
 */
export function DataAge({
  liveKey,
  dataAge,
  dataAgeMs,
}: {
  /** The inverter's live key (liveKeyOf). */
  liveKey: string;
  dataAge: number;
  dataAgeMs?: number | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const now = useNow();
  const receivedAt = useLiveStore((state) => state.receivedAt[liveKey]) ?? now;
  const age = inverterAgeSeconds({ data_age: dataAge, data_age_ms: dataAgeMs }, receivedAt, now);
  const shown = dataAgeDisplay(age, now);
  return (
    <span data-testid="data-age">
      {shown.kind === 'seconds'
        ? t('home.Seconds', { val: format.decimalNoDigits(shown.seconds) }, shown.seconds)
        : t('home.DataAgeSince', { time: format.datetime(shown.timestampMs) })}
    </span>
  );
}
