import { brandIconFor, type BrandIcon as BrandIconName } from '@heliodtu/contract/domain/easter';
import sun from 'bootstrap-icons/icons/sun-fill.svg?raw';
import tree from 'bootstrap-icons/icons/tree-fill.svg?raw';
import egg from 'bootstrap-icons/icons/egg-fill.svg?raw';
import { Icon } from '@/components/ui/icon';

const ICONS: Record<BrandIconName, string> = { sun, tree, egg };

/** Tree 24–26 December, egg Good Friday to Easter Monday, otherwise sun (spec §1). */
export function BrandIcon({ date = new Date() }: { date?: Date }) {
  const name = brandIconFor(date);
  return (
    <span data-brand-icon={name}>
      <Icon svg={ICONS[name]} className="brand-icon" />
    </span>
  );
}
