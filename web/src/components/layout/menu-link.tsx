import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useMenu } from '@/components/ui/dropdown-menu';

/** A link item of a dropdown menu; marks the current page. */
export function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const { close } = useMenu();
  const current = location === href;
  return (
    <li role="none">
      <Link
        href={href}
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
