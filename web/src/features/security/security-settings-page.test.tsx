import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { answerGet, recordPosts, SAVED } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { readStoredUser } from '@/lib/session';
import { SecuritySettingsPage } from './security-settings-page';

const CONFIG = { password: 'openDTU42', allow_readonly: true };

async function renderPage(answer: object = SAVED) {
  const post = recordPosts('api/security/config', answer);
  server.use(answerGet('api/security/config', CONFIG), post.handler);
  const view = renderWithProviders(<SecuritySettingsPage />, {
    route: '/settings/security',
    loggedIn: true,
  });
  const password = await screen.findByLabelText('Password');
  const repeat = screen.getByLabelText('Repeat password');
  return { ...view, post, password, repeat };
}

describe('SecuritySettingsPage', () => {
  it('shows the gateway values', async () => {
    const { password, repeat } = await renderPage();
    expect(password).toHaveValue('openDTU42');
    expect(repeat).toHaveValue('openDTU42');
    expect(screen.getByRole('switch', { name: /read-only/ })).toBeChecked();
  });

  it('says the passwords differ and sends nothing', async () => {
    const { user, post, repeat } = await renderPage();
    await user.clear(repeat);
    await user.type(repeat, 'something-else');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passwords are not equal')).toBeVisible();
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(post.received).toEqual([]);
  });

  it('refuses a password shorter than 8 characters before sending', async () => {
    const { user, post, password, repeat } = await renderPage();
    for (const input of [password, repeat]) {
      await user.clear(input);
      await user.type(input, 'short');
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password needs 8 to 64 characters.')).toBeVisible();
    expect(post.received).toEqual([]);
  });

  it('saves without the repeat field, shows the result and keeps the login', async () => {
    const { user, post, password, repeat } = await renderPage();
    for (const input of [password, repeat]) {
      await user.clear(input);
      await user.type(input, 'a-long-secret');
    }
    await user.click(screen.getByRole('switch', { name: /read-only/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([{ password: 'a-long-secret', allow_readonly: false }]);
    expect(readStoredUser()?.authdata).toBe(btoa('admin:a-long-secret'));
  });

  it("shows the gateway's refusal by its code", async () => {
    const { user } = await renderPage({
      type: 'warning',
      message: 'x',
      code: 10001,
      param: { max: 64 },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-warning');
    expect(alert.textContent).not.toBe('x');
  });

  it('Cancel brings back the gateway values', async () => {
    const { user, password } = await renderPage();
    await user.clear(password);
    await user.type(password, 'changed-value');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue('openDTU42'));
  });

  describe('on a companion (issue 24)', () => {
    it("says the login is the companion's own and where the device's password is set", async () => {
      const device = { ...companionDeviceFixture, url: 'http://dtu.local/?a=1&b=<2>' };
      server.use(answerGet('api/companion/status', { companion: true, devices: [device] }));
      await renderPage();
      const note = await screen.findByTestId('companion-login-note');
      expect(note).toHaveTextContent(
        'the password and permission here are its own login, not those of the OpenDTU behind it.',
      );
      expect(note).toHaveTextContent(
        "The device's own password is set on the device itself: open http://dtu.local/?a=1&b=<2> and go to Settings → Security there.",
      );
      expect(note).toHaveTextContent('DTU_PASSWORD or DTU_PASSWORD_FILE and restart the companion');
      // The device's address, as a link of its own; markup in it stays text.
      const link = screen.getByRole('link', { name: device.url });
      expect(link).toHaveAttribute('href', device.url);
      expect(link).toHaveAttribute('target', '_blank');
      // The note sits with the password it speaks of.
      const section = screen.getByRole('heading', { name: 'Admin password' }).closest('section');
      expect(section).toContainElement(note);
    });

    it('says nothing of a device on a gateway that is no companion', async () => {
      await renderPage();
      await screen.findByLabelText('Password');
      await waitFor(() => expect(screen.queryByTestId('companion-login-note')).toBeNull());
      expect(screen.queryByText(/companion/)).toBeNull();
    });
  });
});
