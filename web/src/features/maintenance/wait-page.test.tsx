import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { goTo } from '@/testing/location';
import { WAIT_GIVE_UP_MS, WAIT_POLL_MS, WaitPage } from './wait-page';

const replaceLocation = vi.hoisted(() => vi.fn());
vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation')>()),
  replaceLocation,
}));

describe('WaitPage (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    replaceLocation.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const tick = () => act(() => vi.advanceTimersByTimeAsync(WAIT_POLL_MS));

  it('polls every second and goes to the root on the first answer', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/system/status', () => {
        calls += 1;
        return calls < 3 ? HttpResponse.error() : HttpResponse.json({ uptime: 1 });
      }),
    );
    render(<WaitPage />);
    expect(screen.getByRole('heading', { name: 'Device restarting' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await tick();
    await tick();
    expect(replaceLocation).not.toHaveBeenCalled();
    await tick();
    await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('http://localhost:3000/'));
    expect(calls).toBe(3);
    await tick();
    expect(calls).toBe(3);
  });

  it('counts a 401 as the device being back', async () => {
    server.use(http.get('*/api/system/status', () => new HttpResponse(null, { status: 401 })));
    render(<WaitPage />);
    await tick();
    await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1));
  });

  it('does not poll while the browser is offline', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/system/status', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<WaitPage />);
    await tick();
    await tick();
    expect(calls).toBe(0);
    expect(replaceLocation).not.toHaveBeenCalled();
  });

  it('says what it waits for and offers a way back after 60 s without an answer', async () => {
    server.use(http.get('*/api/system/status', () => HttpResponse.error()));
    goTo('/wait?for=firmware');
    render(<WaitPage />);
    expect(screen.getByText('The device is starting the new firmware.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Go to the live view' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(WAIT_GIVE_UP_MS - WAIT_POLL_MS));
    expect(screen.queryByRole('link', { name: 'Go to the live view' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(WAIT_POLL_MS));
    expect(screen.getByRole('alert')).toHaveTextContent('has not answered for 60 seconds');
    expect(screen.getByRole('link', { name: 'Go to the live view' })).toHaveAttribute(
      'href',
      'http://localhost:3000/',
    );
    expect(replaceLocation).not.toHaveBeenCalled();
  });
});
