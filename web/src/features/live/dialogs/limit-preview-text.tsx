import type { InverterLimitStatus } from '@heliodtu/contract/limit';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { LOW_LIMIT_SHARE, limitPreview } from './limit-form';

interface LimitPreviewTextProps {
  id: string;
  text: string;
  relative: boolean;
  persistent: boolean;
  status: InverterLimitStatus | undefined;
}

/**
 * One line on what the inverter will do with the typed limit ("at most 600 W, kept after a
 * restart"), and a warning for an absolute limit above the max power or below 2 % of it (issue 15).
 */
export function LimitPreviewText({
  id,
  text,
  relative,
  persistent,
  status,
}: LimitPreviewTextProps) {
  const t = useT();
  const format = useFormat();
  const preview = limitPreview(text, relative, status);
  if (!preview) return null;
  const kept = t(persistent ? 'livelimit.Kept' : 'livelimit.UntilRestart');
  const watts = preview.watts === null ? null : format.decimalNoDigits(preview.watts);
  const percent = preview.percent === null ? null : format.decimalOneDigit(preview.percent);
  const line =
    watts !== null && percent !== null
      ? t('livelimit.WillDeliver', { watts, percent, kept })
      : watts !== null
        ? t('livelimit.WillDeliverW', { watts, kept })
        : t('livelimit.WillDeliverPercent', { percent: percent ?? '', kept });
  const max = status?.max_power ?? 0;
  return (
    <div aria-live="polite" id={id} className="mb-3">
      <p className="mb-1 fw-semibold" data-testid="limit-preview">
        {line}
      </p>
      {preview.warning && (
        <div className="alert alert-warning small py-2 mb-0" data-testid="limit-warning">
          {preview.warning === 'above'
            ? t('livelimit.AboveMax', { max: format.decimalNoDigits(max) })
            : t('livelimit.BelowMin', {
                min: format.decimalNoDigits(max * LOW_LIMIT_SHARE),
              })}
        </div>
      )}
    </div>
  );
}
