import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { firmwareStatus } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NavBar } from './nav-bar';

/** Opens the Settings menu once the device's firmware has been asked. */
async function openSettings(generation: 'v24' | 'v26') {
  let asked = false;
  server.use(
    http.get('*/api/history/range', () => HttpResponse.text('<!doctype html>')),
    firmwareStatus(generation),
  );
  server.events.on('response:mocked', ({ request }) => {
    if (request.url.endsWith('/api/system/status')) asked = true;
  });
  const view = renderWithProviders(<NavBar />, { loggedIn: true });
  await expect.poll(() => asked).toBe(true);
  server.events.removeAllListeners();
  await view.user.click(screen.getByRole('button', { name: 'Settings' }));
  return view;
}

describe('NavBar by firmware generation (issue 25)', () => {
  it('offers the Logging settings on a v26 device', async () => {
    await openSettings('v26');
    const item = await screen.findByRole('menuitem', { name: 'Logging' });
    expect(item).toHaveAttribute('href', '/settings/logging');
  });

  it('has no Logging entry on a v24 device', async () => {
    await openSettings('v24');
    expect(screen.getByRole('menuitem', { name: 'DTU' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Logging' })).toBeNull();
  });
});
