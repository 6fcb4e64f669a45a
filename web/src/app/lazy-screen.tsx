import { lazy, type ComponentType } from 'react';

/**
 * A route component loaded on first visit (architecture §6.2). `query: true` loads TanStack
 * Query's provider alongside, so screens using server state need nothing else.
 */
export function lazyScreen(load: () => Promise<ComponentType>, options: { query: boolean }) {
  return lazy(async () => {
    if (!options.query) return { default: await load() };
    const [Screen, { QueryProvider }] = await Promise.all([load(), import('@/lib/query-provider')]);
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
