import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import bellIcon from 'bootstrap-icons/icons/bell-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useOpenAlertCount, watchAlerts } from '@/lib/alerts-store';
import { useAuthStore } from '@/lib/auth-store';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';

/**
 * The bell (issue 28): the count of open alerts, a link to the Alerts screen. Outside the
 * collapsing menu, so a phone shows it too. Nothing on a gateway without the alerts API (a real
 * device, the firmware build) or before it answered.
 */
function GatewayAlertsBell() {
  const t = useT();
  const [location] = useLocation();
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const count = useOpenAlertCount();
  // Again after a login: a gateway that reads only after one answered 401 before.
  useEffect(() => watchAlerts(), [isLoggedIn]);
  if (count === undefined) return null;
  const label = t('menu.AlertsBell', { count });
  // In a navbar-nav of its own: the navbar's link colours apply only there.
  return (
    <div className="navbar-nav flex-row ms-auto me-2 me-md-0 ms-md-3 order-md-last">
      <Link
        href={PATHS.alerts}
        className={`nav-link alerts-bell d-flex align-items-center gap-1 px-1${location === PATHS.alerts ? ' active' : ''}`}
        aria-label={label}
        title={label}
        data-testid="alerts-bell"
        {...(location === PATHS.alerts ? { 'aria-current': 'page' as const } : {})}
      >
        <Icon svg={bellIcon} />
        {count > 0 && (
          <span
            className="badge rounded-pill bg-danger"
            aria-hidden="true"
            data-testid="alerts-count"
          >
            {count}
          </span>
        )}
      </Link>
    </div>
  );
}

/** A device has no alerts API: the firmware build leaves the bell out (flash budget). */
export const AlertsBell = import.meta.env.MODE === 'firmware' ? () => null : GatewayAlertsBell;
