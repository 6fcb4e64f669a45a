import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readStoredUser } from '@/lib/session';
import { currentPath } from '@/testing/location';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LoginPage } from './login-page';

/** Counts the authenticate calls and answers them with `status`. */
function authenticate(status: 200 | 401) {
  const calls: (string | null)[] = [];
  server.use(
    http.get('*/api/security/authenticate', ({ request }) => {
      calls.push(request.headers.get('authorization'));
      return status === 200
        ? HttpResponse.json({ type: 'success', message: 'Authentication successful!', code: 10002 })
        : new HttpResponse(null, { status: 401, statusText: 'Unauthorized' });
    }),
  );
  return calls;
}

describe('LoginPage validation (spec §2, §5, §8)', () => {
  it('requires both fields and sends nothing while either is empty', async () => {
    const calls = authenticate(200);
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the user name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the password.')).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('User name')).toHaveAccessibleDescription('Enter the user name.');

    await user.type(screen.getByLabelText('User name'), 'ad min');
    expect(screen.getByLabelText('User name')).toHaveValue('admin');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Enter the user name.')).not.toBeInTheDocument();
    expect(screen.getByText('Enter the password.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows a dismissible danger alert on wrong credentials and stays', async () => {
    const calls = authenticate(401);
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?returnUrl=%2Fabout' });
    await user.type(screen.getByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('User name or password is wrong.');
    expect(calls).toEqual([`Basic ${btoa('admin:wrong-password')}`]);
    expect(readStoredUser()).toBeNull();
    expect(currentPath()).toBe('/login?returnUrl=%2Fabout');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how many minutes to wait when the gateway refuses more tries (429)', async () => {
    const calls: (string | null)[] = [];
    server.use(
      http.get('*/api/security/authenticate', ({ request }) => {
        calls.push(request.headers.get('authorization'));
        return new HttpResponse(null, {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Retry-After': String(calls.length === 1 ? 241 : 30) },
        });
      }),
    );
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'openDTU42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // 241 s are still part of a fifth minute.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed tries; try again in 5 minutes.',
    );
    expect(screen.queryByText('User name or password is wrong.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect
      .poll(() => screen.getByRole('alert').textContent)
      .toBe('Too many failed tries; try again in 1 minute.');
    expect(calls).toHaveLength(2);
    expect(readStoredUser()).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it('goes to returnUrl after a successful login', async () => {
    authenticate(200);
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?returnUrl=%2Fabout' });
    await user.type(screen.getByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'openDTU42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect.poll(currentPath).toBe('/about');
    expect(readStoredUser()?.authdata).toBe(btoa('admin:openDTU42'));
  });
});
