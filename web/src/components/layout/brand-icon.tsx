import { useEffect, useState } from 'react';
import { brandIconFor, type BrandIcon as BrandIconName } from '@heliodtu/contract/domain/easter';
import sun from 'bootstrap-icons/icons/sun-fill.svg?raw';
import tree from 'bootstrap-icons/icons/tree-fill.svg?raw';
import egg from 'bootstrap-icons/icons/egg-fill.svg?raw';
import { Icon } from '@/components/ui/icon';

const ICONS: Record<BrandIconName, string> = { sun, tree, egg };

/** Spec §9: the current date is re-read every 10 s, so a page left open changes icon at midnight. */
export const DATE_REFRESH_MS = 10_000;

/** The icon for today, re-checked every DATE_REFRESH_MS; re-renders only when it changes. */
function useTodaysIcon(): BrandIconName {
  const [name, setName] = useState(() => brandIconFor(new Date()));
  useEffect(() => {
    const timer = window.setInterval(() => setName(brandIconFor(new Date())), DATE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return name;
}

/** Tree 24–26 December, egg Good Friday to Easter Monday, otherwise sun (spec §1). */
export function BrandIcon({ date }: { date?: Date }) {
  const today = useTodaysIcon();
  const name = date ? brandIconFor(date) : today;
  return (
    <span data-brand-icon={name}>
      <Icon svg={ICONS[name]} className="brand-icon" />
    </span>
  );
}
