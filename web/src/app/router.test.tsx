import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { NavBar } from '@/components/layout/nav-bar';
import { firmwareStatus } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { currentPath } from '@/testing/location';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AppRoutes } from './router';

const app = (
  <>
    <NavBar />
    <AppRoutes />
  </>
);

describe('routes and guards (spec §2, §6)', () => {
  // The nav asks the device's firmware (issue 25): a reference device here.
  beforeEach(() => server.use(firmwareStatus('v24')));

  it('sends a logged-out visitor of a guarded page to login with returnUrl, and back', async () => {
    server.use(
      http.get('*/api/security/authenticate', () => HttpResponse.json({ code: 10002 })),
      // After the logout: the live view's data, and the nav asking for history (a device's answer).
      http.get('*/api/livedata/status', () => HttpResponse.json({})),
      http.get('*/api/history/range', () => HttpResponse.text('<!doctype html>')),
    );
    const { user } = renderWithProviders(app, { route: '/maintenance/reboot' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login?returnUrl=%2Fmaintenance%2Freboot');

    await user.type(screen.getByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'openDTU42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Device Reboot' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/maintenance/reboot');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(currentPath()).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('ignores a returnUrl that leaves the interface', async () => {
    server.use(http.get('*/api/security/authenticate', () => HttpResponse.json({ code: 10002 })));
    server.use(http.get('*/api/livedata/status', () => HttpResponse.json({})));
    const { user } = renderWithProviders(app, { route: '/login?returnUrl=//evil.example/x' });
    await user.type(await screen.findByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'openDTU42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Data' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends a logged-out visitor of a settings screen to the login; the menus navigate', async () => {
    const { user } = renderWithProviders(app, { route: '/settings/dtu' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login?returnUrl=%2Fsettings%2Fdtu');
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('menuitem', { name: 'Console' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
    expect(currentPath()).toBe('/info/console');
  });

  it('redirects an unknown path to the live view', async () => {
    server.use(http.get('*/api/livedata/status', () => HttpResponse.json({})));
    renderWithProviders(app, { route: '/settings/vedirect' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Data' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('shows the error page with message and status', async () => {
    renderWithProviders(app, { route: '/error?status=500&message=Write%20failed' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Write failed' })).toBeInTheDocument();
    expect(screen.getByText('HTTP status 500')).toBeInTheDocument();
  });
});
