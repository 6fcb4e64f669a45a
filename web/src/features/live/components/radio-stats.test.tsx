import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { liveDataStatusFixture } from '@heliodtu/contract/fixtures/live-data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { RadioStats } from './radio-stats';

const inverter = liveDataStatusFixture.inverters[0]!;

function resetHandler(answer: () => Response) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/inverter/stats_reset', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('inv') ?? '');
      return answer();
    }),
  );
  return asked;
}

async function openStats() {
  const view = renderWithProviders(
    <RadioStats serial={inverter.serial} stats={inverter.radio_stats} />,
    { loggedIn: true },
  );
  await view.user.click(screen.getByRole('button', { name: 'Radio statistics' }));
  return view;
}

describe('RadioStats reset (spec §2)', () => {
  it('asks the gateway to reset this inverter and shows nothing on success', async () => {
    const asked = resetHandler(() =>
      HttpResponse.json({ type: 'success', message: 'Stats resetted', code: 4010 }),
    );
    const { user } = await openStats();
    await user.click(screen.getByRole('button', { name: 'Reset statistics' }));
    await waitFor(() => expect(asked).toEqual([inverter.serial]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reset statistics' })).toBeEnabled(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed reset in a danger alert, without leaving the page', async () => {
    resetHandler(() => new HttpResponse('boom', { status: 500, statusText: 'Server Error' }));
    const { user } = await openStats();
    await user.click(screen.getByRole('button', { name: 'Reset statistics' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Server Error');
    expect(window.location.pathname).toBe('/');
  });
});
