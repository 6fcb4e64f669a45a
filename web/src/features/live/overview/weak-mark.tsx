import { memo, useId } from 'react';
import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import { weakSince } from '@heliodtu/contract/domain/weak-strings';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { stringKey, useWeakStringStore } from '../weak-string-store';

/**
 * The weak-string warning (issue 15): a focusable mark whose tooltip (hover and keyboard focus)
 * says why and since when, in device time. Nothing while the string is fine. Memoised: the
 * overview redraws every string row once a second, the mark changes only with its own track.
 */
export const WeakMark = memo(function WeakMark({
  liveKey,
  channel,
  name,
}: {
  /** The inverter's live key (liveKeyOf). */
  liveKey: string;
  channel: string;
  name: string;
}) {
  const track = useWeakStringStore((state) => state.tracks[stringKey(liveKey, channel)]);
  const since = weakSince(track);
  if (since === null || !track) return null;
  return <WeakMarkShown name={name} share={track.share} since={since} />;
});

/**
 * The mark itself, apart so that the usual case (no weak string, every row of every tile on the
 * server-rendered page and each redraw) costs one store read and no further hooks.
 */
function WeakMarkShown({ name, share, since }: { name: string; share: number; since: number }) {
  const t = useT();
  const format = useFormat();
  const tipId = useId();
  // The device time is its wall clock read as UTC (device-clock.ts): shown as such.
  const time = new Date(since).toISOString().slice(11, 16);
  const text = t('liveoverview.WeakStringTip', {
    name,
    share: format.decimalNoDigits(share * 100),
    since: time,
  });
  return (
    <span className="overview-weak ms-1">
      <button
        type="button"
        className="btn btn-link p-0 text-warning-emphasis lh-1 align-baseline"
        aria-label={t('liveoverview.WeakString')}
        aria-describedby={tipId}
        data-testid="weak-string"
      >
        <Icon svg={warningIcon} />
      </button>
      <span role="tooltip" id={tipId} className="overview-tip">
        {text}
      </span>
    </span>
  );
}
