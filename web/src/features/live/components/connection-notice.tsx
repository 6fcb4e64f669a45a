import { useNow } from '@/hooks/use-now';
import { useFormat } from '@/lib/format';
import { useGatewayReach } from '@/lib/gateway-reach';
import { useT } from '@/lib/i18n/use-t';
import { POLL_INTERVAL_MS } from '../live-connection';
import { useLiveStore } from '../live-store';

/** The gateway pushes every inverter at least every 10 s (wire-contract §4.2); three times that is stale. */
export const STALE_AFTER_MS = 30_000;

/**
 * Says plainly when the live view is not live (a live view that silently stops updating is what
 * OpenDTU's owners complain of most): the gateway unreachable (the same source as the shell's
 * notice at the bottom, lib/gateway-reach.ts), polling instead of the socket, or no data for
 * STALE_AFTER_MS.
 */
export function ConnectionNotice({ loadFailed }: { loadFailed: boolean }) {
  const t = useT();
  const format = useFormat();
  const now = useNow();
  const transport = useLiveStore((state) => state.transport);
  const unreachable = useGatewayReach((state) => state.unreachable);
  const lastUpdateAt = useLiveStore((state) => state.lastUpdateAt);
  const hasInverters = useLiveStore((state) => (state.data?.inverters.length ?? 0) > 0);

  const messages: { key: string; variant: string; text: string }[] = [];
  if (unreachable) {
    messages.push({ key: 'no-answer', variant: 'alert-danger', text: t('home.PollFailed') });
  } else if (transport === 'polling') {
    messages.push({
      key: 'polling',
      variant: 'alert-info',
      text: t('home.Polling', { seconds: POLL_INTERVAL_MS / 1000 }),
    });
  } else if (loadFailed && lastUpdateAt === null) {
    messages.push({ key: 'failed', variant: 'alert-danger', text: t('home.LoadFailed') });
  }
  const stale = lastUpdateAt !== null && now - lastUpdateAt > STALE_AFTER_MS;
  if (stale && hasInverters) {
    messages.push({
      key: 'stale',
      variant: 'alert-warning',
      text: t('home.Stale', { time: format.time(lastUpdateAt) }),
    });
  }
  if (messages.length === 0) return null;
  return (
    <div role="status" data-testid="connection-notice">
      {messages.map(({ key, variant, text }) => (
        <div className={`alert ${variant} py-2`} key={key} data-notice={key}>
          {text}
        </div>
      ))}
    </div>
  );
}
