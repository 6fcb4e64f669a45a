import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerGet, recordPosts } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AlertsSettingsPage } from './alerts-settings-page';
import { CONFIG } from './testing/alert-samples';

const SAVED = { ok: true, field: '', message: 'Settings saved.' };

async function renderPage() {
  server.use(answerGet('api/alerts/config', CONFIG));
  const view = renderWithProviders(<AlertsSettingsPage />, {
    route: '/settings/alerts',
    loggedIn: true,
  });
  await screen.findByLabelText('Address (URL)');
  return view;
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('AlertsSettingsPage (issue 28)', () => {
  it('saves the settings, keeping the saved secrets it never saw', async () => {
    const post = recordPosts('api/alerts/config', SAVED);
    server.use(post.handler);
    const { user } = await renderPage();
    const url = screen.getByLabelText('Address (URL)');
    await user.clear(url);
    await user.type(url, 'https://gotify.example/message');
    await user.click(save());
    expect(await screen.findByText('Settings saved.')).toBeVisible();
    expect(post.received).toHaveLength(1);
    const sent = post.received[0] as Record<string, Record<string, unknown>>;
    expect(sent['webhook']).toEqual({
      enabled: true,
      url: 'https://gotify.example/message',
      header_name: 'Authorization',
    });
    // Absent: the gateway keeps the saved password and header value.
    expect(sent['email']).not.toHaveProperty('password');
    expect(sent['quiet_hours']).toEqual({ enabled: false, start: '22:00', end: '07:00' });
  });

  it('sends nothing while a field is wrong, and says why at the field', async () => {
    const post = recordPosts('api/alerts/config', SAVED);
    server.use(post.handler);
    const { user } = await renderPage();
    const url = screen.getByLabelText('Address (URL)');
    await user.clear(url);
    await user.type(url, 'ftp://files.example');
    await user.click(save());
    expect(await screen.findByText('Enter an http:// or https:// address.')).toBeVisible();
    expect(post.received).toHaveLength(0);
  });

  it('shows the field the gateway refused, translated, until it is changed', async () => {
    server.use(
      http.post('*/api/alerts/config', () =>
        HttpResponse.json(
          { ok: false, field: 'email.to', message: 'The recipients must be e-mail addresses.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderPage();
    await user.click(save());
    expect(await screen.findByText('Not saved: a field is not accepted, see below.')).toBeVisible();
    const to = screen.getByLabelText('To');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter e-mail addresses, separated by commas.')).toBeVisible();
    await user.type(to, 'owner@example.org');
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'false'));
  });

  it('sends a test webhook and shows what the receiver said', async () => {
    const test = recordPosts('api/alerts/test', { ok: false, field: '', message: 'HTTP 500' });
    server.use(test.handler);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Send a test webhook' }));
    expect(await screen.findByTestId('test-result-webhook')).toHaveTextContent(
      'The test message was not delivered: HTTP 500',
    );
    expect(test.received).toEqual([{ channel: 'webhook' }]);
  });

  it('says when the test e-mail was taken', async () => {
    const test = recordPosts('api/alerts/test', { ok: true, field: '', message: 'ok' });
    server.use(test.handler);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByTestId('test-result-email')).toHaveTextContent(
      'The receiver took the test message.',
    );
    expect(test.received).toEqual([{ channel: 'email' }]);
  });
});
