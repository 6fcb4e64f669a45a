import { useEffect } from 'react';
import { Link } from 'wouter';
import { detectGridMeter, useGridMeterStore } from '@/lib/grid-meter-store';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';

/**
 * The nav's Power control entry (issue 35), shown once the gateway answers the grid meter's
 * status: a chunk of its own, so the first load carries neither it nor the detection. Asked once
 * per load, and again after a login when the first try met a 401 (read-only off).
 */
export function PowerControlNavItem({ loggedIn, active }: { loggedIn: boolean; active: boolean }) {
  const t = useT();
  const available = useGridMeterStore((state) => state.support === 'available');
  useEffect(() => void detectGridMeter(), [loggedIn]);
  if (!available) return null;
  return (
    <li className="nav-item">
      <Link
        href={PATHS.powerControl}
        className={`nav-link${active ? ' active' : ''}`}
        {...(active ? { 'aria-current': 'page' as const } : {})}
      >
        {t('menu.PowerControl')}
      </Link>
    </li>
  );
}
