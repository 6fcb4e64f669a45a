import { Page } from '@/components/layout/page';
import type { MessageKey } from '@/lib/i18n/catalog';
import { useT } from '@/lib/i18n/use-t';

/** Stands in for a screen of the screens issue: its title, nothing else yet. */
export function PlaceholderPage({ titleKey }: { titleKey: MessageKey }) {
  const t = useT();
  return <Page title={t(titleKey)} />;
}
