import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STATUS } from '@/features/alerts/testing/alert-samples';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AlertsBell } from './alerts-bell';

describe('AlertsBell (issue 28)', () => {
  it('shows the count of open alerts and links to the Alerts screen', async () => {
    server.use(answerGet('api/alerts/status', STATUS));
    renderWithProviders(<AlertsBell />, { loggedIn: true });
    const bell = await screen.findByRole('link', { name: 'Alerts: 2 open' });
    expect(bell).toHaveAttribute('href', '/alerts');
    expect(screen.getByTestId('alerts-count')).toHaveTextContent('2');
  });

  it('shows a bell without a count when nothing is open', async () => {
    server.use(answerGet('api/alerts/status', { ...STATUS, open: [] }));
    renderWithProviders(<AlertsBell />, { loggedIn: true });
    expect(await screen.findByRole('link', { name: 'Alerts: 0 open' })).toBeVisible();
    expect(screen.queryByTestId('alerts-count')).toBeNull();
  });

  it('shows no bell on a device that answers the path with its web page', async () => {
    let asked = false;
    server.use(
      http.get('*/api/alerts/status', () => {
        asked = true;
        return HttpResponse.html('<!doctype html><title>OpenDTU</title>');
      }),
    );
    renderWithProviders(<AlertsBell />, { loggedIn: true });
    await expect.poll(() => asked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('alerts-bell')).toBeNull();
  });
});
