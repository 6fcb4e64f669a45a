import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { liveHandlers, recordPosts } from '../testing/live-handlers';
import { PowerDialog } from './power-dialog';

const HM800 = '114182352592';
const SAVED = { type: 'success', message: 'Settings saved!', code: 1001 };

function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<PowerDialog open serial={HM800} onClose={onClose} />, {
    loggedIn: true,
  });
  return { ...view, onClose };
}

describe('PowerDialog', () => {
  it('shows the last power command status', async () => {
    server.use(liveHandlers.powerStatus({ [HM800]: { power_set_status: 'Failure' } }));
    renderDialog();
    expect(await screen.findByText('Failure')).toHaveClass('text-bg-danger');
  });

  it.each([
    ['Turn on', { serial: HM800, power: true }],
    ['Turn off', { serial: HM800, power: false }],
    ['Restart', { serial: HM800, restart: true }],
  ])('%s posts %o and closes on success', async (label, data) => {
    const post = recordPosts('api/power/config', SAVED);
    server.use(liveHandlers.powerStatus(), post.handler);
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.received).toEqual([data]);
  });

  it('shows a refusal translated and stays open', async () => {
    const post = recordPosts('api/power/config', {
      type: 'warning',
      message: 'Invalid inverter specified!',
      code: 11002,
    });
    server.use(liveHandlers.powerStatus(), post.handler);
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveClass('alert-warning');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
  });

  it('shows a failed call in the dialog', async () => {
    const { http, HttpResponse } = await import('msw');
    server.use(
      liveHandlers.powerStatus(),
      http.post(
        '*/api/power/config',
        () => new HttpResponse('boom', { status: 500, statusText: 'Server Error' }),
      ),
    );
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Restart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
    expect(onClose).not.toHaveBeenCalled();
  });
});
