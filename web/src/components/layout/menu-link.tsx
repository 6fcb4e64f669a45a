import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useMenu } from '@/components/ui/dropdown-menu';
import { deviceOfSearch, withScreenDevice } from '@/lib/device-scope';
import { isDeviceScreen } from '@/lib/paths';

/** A link item of a dropdown menu; marks the current page. */
export function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const { close } = useMenu();
  const current = location === href;
  // From one device's screen to another's: the same device (issue 27).
  const device = isDeviceScreen(location) ? deviceOfSearch(search) : null;
  const target = device !== null && isDeviceScreen(href) ? withScreenDevice(href, device) : href;
  return (
    <li role="none">
      <Link
        href={target}
        role="menuitem"
        tabIndex={-1}
        className={`dropdown-item${current ? ' active' : ''}`}
        {...(current ? { 'aria-current': 'page' as const } : {})}
        onClick={() => close(true)}
      >
        {children}
      </Link>
    </li>
  );
}
