import { useEffect } from 'react';
import {
  limitMatches,
  limitReadBack,
  minutesSeconds,
} from '@heliodtu/contract/domain/limit-readback';
import type { LiveInverterPartial } from '@heliodtu/contract/live-data';
import { useNow } from '@/hooks/use-now';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { liveApi } from '../live-api';
import { sharedDeviceTimeAt, useDeviceClock } from '../overview/device-clock';
import {
  limitRequestActions,
  useLimitRequestStore,
  type LimitRequest,
} from '../limit-request-store';
import { liveKeyOf } from '@/lib/live-key';
import { useRequest } from '../use-request';
import { StatusBadge } from './status-badge';

/** The limit status is re-read this often while a request is shown. */
const STATUS_POLL_MS = 2_000;
/** A confirmed request stays this long, so the user sees it confirmed. */
const CONFIRMED_FOR_MS = 10_000;

type Reported = Pick<LiveInverterPartial, 'serial' | 'limit_relative' | 'limit_absolute'> & {
  dtu?: string | undefined;
};

/** The requested limit of one inverter with its status and read-back countdown; null without one. */
export function LimitRequestStatus({ inverter }: { inverter: Reported }) {
  const request = useLimitRequestStore((state) => state.requests[liveKeyOf(inverter)]);
  if (!request) return null;
  return <RequestedLimit key={request.sentAt} inverter={inverter} request={request} />;
}

function RequestedLimit({ inverter, request }: { inverter: Reported; request: LimitRequest }) {
  const t = useT();
  const format = useFormat();
  const now = useNow();
  useDeviceClock();
  const { data } = useRequest(
    () => liveApi.limitStatus(inverter.dtu ?? null),
    true,
    STATUS_POLL_MS,
  );
  const status = data?.[inverter.serial]?.limit_set_status ?? 'Pending';
  // The DTU waits in its own time: a simulated clock at SIM_SPEED 60 reads back in 4 s.
  const elapsed = sharedDeviceTimeAt(now) - sharedDeviceTimeAt(request.sentAt);
  const readBack = limitReadBack(request.relative, elapsed);
  const matches = limitMatches(request, {
    limitRelative: inverter.limit_relative,
    limitAbsolute: inverter.limit_absolute,
  });
  const confirmed = status === 'Ok' && matches && (readBack === null || readBack.due);

  useEffect(() => {
    if (!confirmed) return;
    const key = liveKeyOf(inverter);
    const timer = setTimeout(() => limitRequestActions.done(key, request.sentAt), CONFIRMED_FOR_MS);
    return () => clearTimeout(timer);
  }, [confirmed, inverter, request.sentAt]);

  const value = request.relative
    ? `${format.decimalOneDigit(request.value)} %`
    : `${format.decimalNoDigits(request.value)} W`;
  return (
    <span
      className="d-inline-flex flex-wrap align-items-center gap-1"
      data-testid="requested-limit"
    >
      {t('home.RequestedLimit', { value })}
      <StatusBadge status={status} />
      {confirmed ? (
        <span>{t('home.LimitConfirmed')}</span>
      ) : (
        readBack &&
        !readBack.due && (
          <span data-testid="limit-countdown">
            {t('home.LimitReadBackIn', { time: minutesSeconds(readBack.remainingSeconds) })}
          </span>
        )
      )}
    </span>
  );
}
