import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { firmwareStatus } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { liveHandlers, recordPosts } from '../testing/live-handlers';
import { LimitDialog } from './limit-dialog';

const HM800 = '114182352592';
const HMS2000 = '1164a113c7e2';
const SAVED = { type: 'success', message: 'Settings saved!', code: 1001 };

function renderDialog(serial = HM800, dtu: string | null = null) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <LimitDialog open serial={serial} dtu={dtu} onClose={onClose} />,
    { loggedIn: true },
  );
  return { ...view, onClose };
}

describe('LimitDialog', () => {
  // A reference device unless a test says otherwise (handlers added later take precedence).
  beforeEach(() => server.use(firmwareStatus('v24')));

  it('shows the last status badge and the current limit', async () => {
    server.use(liveHandlers.limitStatus());
    renderDialog(HMS2000);
    expect(await screen.findByText('Pending')).toHaveClass('text-bg-warning');
    expect(screen.getByRole('spinbutton', { name: 'Limit' })).toHaveValue(100);
    expect(screen.getByText('Maximum power: 2000 W')).toBeInTheDocument();
  });

  it('sends a relative, non-persistent limit as limit_type 1 and closes on success', async () => {
    const post = recordPosts('api/limit/config', SAVED);
    server.use(liveHandlers.limitStatus(), post.handler);
    const { user, onClose } = renderDialog();
    const input = await screen.findByRole('spinbutton', { name: 'Limit' });
    await user.clear(input);
    await user.type(input, '50');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.received).toEqual([{ serial: HM800, limit_value: 50, limit_type: 1 }]);
  });

  async function setPersistentAbsolute(
    user: ReturnType<typeof renderDialog>['user'],
    watts: string,
  ) {
    await user.click(await screen.findByRole('radio', { name: 'Absolute (W)' }));
    const input = screen.getByRole('spinbutton', { name: 'Limit' });
    expect(input).toHaveValue(800);
    expect(screen.getByText(/about 4 minutes/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, watts);
    await user.click(screen.getByRole('switch', { name: /Persistent/ }));
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
  }

  it('sends an absolute persistent limit as limit_type 256 to a v24 device', async () => {
    const post = recordPosts('api/limit/config', SAVED);
    server.use(liveHandlers.limitStatus(), firmwareStatus('v24'), post.handler);
    const { user, onClose } = renderDialog();
    await setPersistentAbsolute(user, '400');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.received).toEqual([{ serial: HM800, limit_value: 400, limit_type: 256 }]);
  });

  it('sends "kept after restart" as limit_type 2 (absolute) and 3 (relative) to a v26 device', async () => {
    const post = recordPosts('api/limit/config', SAVED);
    server.use(liveHandlers.limitStatus(), firmwareStatus('v26'), post.handler);
    const first = renderDialog();
    await setPersistentAbsolute(first.user, '400');
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    first.unmount();

    const second = renderDialog();
    const input = await screen.findByRole('spinbutton', { name: 'Limit' });
    await second.user.clear(input);
    await second.user.type(input, '60');
    await second.user.click(screen.getByRole('switch', { name: /Persistent/ }));
    await second.user.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(post.received).toEqual([
      { serial: HM800, limit_value: 400, limit_type: 2 },
      { serial: HM800, limit_value: 60, limit_type: 3 },
    ]);
  });

  it('sends 0/1 unchanged to a v26 device when the limit is not kept', async () => {
    const post = recordPosts('api/limit/config', SAVED);
    server.use(liveHandlers.limitStatus(), firmwareStatus('v26'), post.handler);
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('radio', { name: 'Absolute (W)' }));
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.received).toEqual([{ serial: HM800, limit_value: 800, limit_type: 0 }]);
  });

  it('with the generation unreadable, falls back to 256 after the refusal of 2 and shows no refusal', async () => {
    const received: unknown[] = [];
    server.use(
      liveHandlers.limitStatus(),
      http.get('*/api/system/status', () => new HttpResponse(null, { status: 500 })),
      http.post('*/api/limit/config', async ({ request }) => {
        const data = JSON.parse(String((await request.formData()).get('data'))) as {
          limit_type: number;
        };
        received.push(data);
        return HttpResponse.json(
          data.limit_type === 256
            ? SAVED
            : { type: 'warning', message: 'Invalid type specified!', code: 5003 },
        );
      }),
    );
    const { user, onClose } = renderDialog();
    await setPersistentAbsolute(user, '400');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([
      { serial: HM800, limit_value: 400, limit_type: 2 },
      { serial: HM800, limit_value: 400, limit_type: 256 },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("sends a limit for an inverter of another device to that device, whatever the first one's generation", async () => {
    const received: { path: string; data: unknown }[] = [];
    server.use(
      liveHandlers.limitStatus(),
      http.post('*/api/limit/config', async ({ request }) => {
        const data = JSON.parse(String((await request.formData()).get('data'))) as unknown;
        received.push({ path: new URL(request.url).pathname, data });
        return HttpResponse.json(SAVED);
      }),
    );
    const { user, onClose } = renderDialog(HM800, 'shed');
    await setPersistentAbsolute(user, '400');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The first device is a v24 (beforeEach); this one accepted the current firmware's type.
    expect(received).toEqual([
      {
        path: '/dtu/shed/api/limit/config',
        data: { serial: HM800, limit_value: 400, limit_type: 2 },
      },
    ]);
  });

  it.each([
    ['', true, 'Enter a limit.'],
    ['101', true, 'Enter a value from 0 to 100.'],
    ['801', false, 'Enter a value from 0 to 800.'],
  ])('refuses %j (relative %s) without sending', async (text, relative, message) => {
    const post = recordPosts('api/limit/config', SAVED);
    server.use(liveHandlers.limitStatus(), post.handler);
    const { user, onClose } = renderDialog();
    if (!relative) await user.click(await screen.findByRole('radio', { name: 'Absolute (W)' }));
    const input = await screen.findByRole('spinbutton', { name: 'Limit' });
    await user.clear(input);
    if (text) await user.type(input, text);
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(post.received).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('allows up to 2250 W while the max power is unknown', async () => {
    const post = recordPosts('api/limit/config', SAVED);
    server.use(
      liveHandlers.limitStatus({
        [HM800]: { limit_relative: 100, max_power: 0, limit_set_status: 'Ok' },
      }),
      post.handler,
    );
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('radio', { name: 'Absolute (W)' }));
    const input = screen.getByRole('spinbutton', { name: 'Limit' });
    expect(input).toHaveValue(null);
    await user.type(input, '2251');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Enter a value from 0 to 2250.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '2250');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows any other answer translated in the dialog and stays open', async () => {
    const post = recordPosts('api/limit/config', {
      type: 'warning',
      message: 'Limit must between 1 and 2250!',
      code: 5002,
      param: { max: 2250 },
    });
    server.use(liveHandlers.limitStatus(), post.handler);
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Set limit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-warning');
    expect(alert.textContent).toMatch(/2250/);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('follows the status while open (Pending turns Ok)', async () => {
    let status = 'Pending';
    server.use(
      http.get('*/api/limit/status', () =>
        HttpResponse.json({
          [HM800]: { limit_relative: 50, max_power: 800, limit_set_status: status },
        }),
      ),
    );
    renderDialog();
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    status = 'Ok';
    expect(await screen.findByText('Ok', {}, { timeout: 4000 })).toHaveClass('text-bg-success');
  });
});
