import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import { TIMERS } from '@heliodtu/contract/limits';
import { Icon } from '@/components/ui/icon';
import { useNow } from '@/hooks/use-now';
import { apiGet } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import { useLiveStore } from '../live-store';
import { PasswordHints, type PasswordHintGateway } from './password-hints';

/** When the device started (ms), from its uptime; the page's own start when that is unknown. */
function useDeviceStartedAt(): number {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  useEffect(() => {
    let active = true;
    const asked = Date.now();
    apiGet<{ uptime?: unknown }>('api/system/status', { silent: true }).then(
      (status) => {
        if (active && typeof status?.uptime === 'number')
          setStartedAt(asked - status.uptime * 1000);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return startedAt;
}

/**
 * Spec §1: the clock is not synced yet; beyond 1 minute after the device started (spec §9) it
 * points to an unreachable time server, with a link to the time settings.
 */
function TimeSyncHint() {
  const t = useT();
  const startedAt = useDeviceStartedAt();
  const now = useNow();
  const late = now - startedAt > TIMERS.timeSyncHintAfter;
  return (
    <div className="alert alert-danger" role="alert" data-testid="hint-time-sync">
      <Icon svg={warningIcon} className="me-2" />
      {t(late ? 'hints.TimeSyncLong' : 'hints.TimeSync')}{' '}
      {late && (
        <Link href={PATHS.ntpSettings} className="alert-link">
          {t('hints.TimeSyncLink')}
        </Link>
      )}
    </div>
  );
}

/**
 * The hint banners of spec §1: radio module, clock, default password; and current firmware's
 * pin-mapping hint (v26, wire-current §3), shown only where the device sends it true. `gateway`
 * says whose login the password hint is about (password-hints.tsx).
 */
export function LiveHints({ gateway }: { gateway: PasswordHintGateway }) {
  const t = useT();
  const hints = useLiveStore((state) => state.data?.hints);
  if (!hints) return null;
  return (
    <>
      {hints.radio_problem && (
        <div className="alert alert-danger" role="alert" data-testid="hint-radio">
          <Icon svg={warningIcon} className="me-2" />
          {t('hints.RadioProblem')}
        </div>
      )}
      {hints.pin_mapping_issue === true && (
        <div className="alert alert-danger" role="alert" data-testid="hint-pin-mapping">
          <Icon svg={warningIcon} className="me-2" />
          {t('hints.PinMappingIssue')}{' '}
          <Link href={PATHS.deviceManager} className="alert-link">
            {t('hints.PinMappingIssueLink')}
          </Link>
        </div>
      )}
      {hints.time_sync && <TimeSyncHint />}
      <PasswordHints ownDefault={hints.default_password} gateway={gateway} />
    </>
  );
}
