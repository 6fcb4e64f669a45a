import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { QueryProvider } from '@/lib/query-provider';
import { storeUser } from '@/lib/session';
import { goTo } from './location';

export const ADMIN_AUTHDATA = btoa('admin:openDTU42');

/** Renders `ui` inside the router and a fresh query cache at `route`, optionally logged in. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', loggedIn = false }: { route?: string; loggedIn?: boolean } = {},
) {
  goTo(route);
  if (loggedIn) storeUser({ authdata: ADMIN_AUTHDATA, code: 10002 });
  const user = userEvent.setup();
  return {
    user,
    ...render(
      <Providers>
        <QueryProvider client={createQueryClient()}>{ui}</QueryProvider>
      </Providers>,
    ),
  };
}
