import { lazy, type ComponentType } from 'react';
import { loadFormStyles } from '@/lib/form-styles';
import { ensureFullCatalog } from '@/lib/i18n/i18n-store';

/**
 * A route component loaded on first visit (architecture §6.2). `query: true` loads the
 * server-state provider (lib/query) alongside, so screens using server state need nothing else. Screens wait for
 * the whole English catalogue unless they say `coreTexts: true` (their texts are in the core),
 * and for the form styles unless they say `noForms: true` (the live view).
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
  options: { query: boolean; coreTexts?: boolean; noForms?: boolean },
) {
  return lazy(async () => {
    const catalog = Promise.all([
      options.coreTexts ? undefined : ensureFullCatalog(),
      options.noForms ? undefined : loadFormStyles(),
    ]);
    if (!options.query) return { default: (await Promise.all([load(), catalog]))[0] };
    const [Screen, { QueryProvider }] = await Promise.all([
      load(),
      import('@/lib/query-provider'),
      catalog,
    ]);
    return {
      default: function WithQuery() {
        return (
          <QueryProvider>
            <Screen />
          </QueryProvider>
        );
      },
    };
  });
}
