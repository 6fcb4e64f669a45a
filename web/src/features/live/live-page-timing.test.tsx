import { act, screen } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveDataMessageFixture } from '@heliodtu/contract/fixtures/live-data';
import { formattersFor } from '@/lib/format';
import { FakeSocket } from '@/testing/fake-socket';
import { liveMessage, oneInverterStatus } from '@/testing/live-samples';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FALLBACK_AFTER_MS } from './live-connection';
import { LivePage } from './live-page';
import { liveActions } from './live-store';
import { liveHandlers } from './testing/live-handlers';
import { STALE_AFTER_MS } from './components/connection-notice';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Renders and lets the first answers in, without real time passing (the clock stays exact). */
async function renderPage(status: JsonBodyType = oneInverterStatus, uptime = 3600) {
  server.use(
    liveHandlers.status(status),
    liveHandlers.systemStatus(uptime),
    liveHandlers.ntpStatus(),
  );
  renderWithProviders(<LivePage />);
  for (let i = 0; i < 50 && !screen.queryByTestId('totals'); i += 1) await advance(1);
  expect(screen.getByTestId('totals')).toBeInTheDocument();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-21T12:00:00Z'));
  liveActions.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LivePage over time', () => {
  it('counts the data age up from the arrival time, and shows the time above 300 s', async () => {
    await renderPage();
    act(() => FakeSocket.latest.acceptOpen());
    // The shared clock started with the page at a whole second; arrive right on one of its ticks.
    await advance(1000 - (Date.now() % 1000));
    act(() => FakeSocket.latest.push(liveMessage({ data_age: 2 })));
    expect(screen.getByTestId('data-age')).toHaveTextContent('2 seconds');
    await advance(5_000);
    expect(screen.getByTestId('data-age')).toHaveTextContent('7 seconds');
    act(() => FakeSocket.latest.push(liveMessage({ data_age: 299 })));
    expect(screen.getByTestId('data-age')).toHaveTextContent('299 seconds');
    await advance(2_000);
    expect(screen.getByTestId('data-age')).toHaveTextContent(
      /^last data at \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/,
    );
  });

  it('falls back to polling when the socket cannot open, and says so', async () => {
    await renderPage();
    expect(screen.queryByTestId('connection-notice')).not.toBeInTheDocument();
    await advance(FALLBACK_AFTER_MS + 100);
    expect(screen.getByTestId('connection-notice')).toHaveTextContent(
      'asks the gateway every 5 seconds',
    );
    // The polled full object brings the channels the partial list lacks.
    expect(screen.getByTestId('channel-AC-0')).toBeInTheDocument();
  });

  it('shows when the live data is stale', async () => {
    await renderPage();
    act(() => FakeSocket.latest.acceptOpen());
    await advance(STALE_AFTER_MS + 1_000);
    expect(screen.getByTestId('connection-notice')).toHaveTextContent(
      `The live data is not updating. Last update: ${formattersFor('en').time(Date.now() - STALE_AFTER_MS - 1_000)}.`,
    );
    act(() => FakeSocket.latest.push(liveDataMessageFixture));
    expect(screen.queryByTestId('connection-notice')).not.toBeInTheDocument();
  });

  it('words the clock hint differently once the device ran over a minute', async () => {
    const status = { ...oneInverterStatus, hints: { ...oneInverterStatus.hints, time_sync: true } };
    await renderPage(status, 30);
    act(() => FakeSocket.latest.acceptOpen());
    // Let the uptime answer in.
    for (let i = 0; i < 20; i += 1) await advance(1);
    const hint = screen.getByTestId('hint-time-sync');
    expect(hint).toHaveTextContent('Right after a start this is normal.');
    expect(
      screen.queryByRole('link', { name: 'Check the time settings.' }),
    ).not.toBeInTheDocument();
    await advance(31_000);
    expect(hint).toHaveTextContent('after more than a minute');
    expect(screen.getByRole('link', { name: 'Check the time settings.' })).toHaveAttribute(
      'href',
      '/settings/ntp',
    );
  });
});
