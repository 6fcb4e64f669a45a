import { act, screen } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveDataMessageFixture } from '@heliodtu/contract/fixtures/live-data';
import { formattersFor } from '@/lib/format';
import { SHELL_FALLBACK_ATTRIBUTE, gatewayReach } from '@/lib/gateway-reach';
import { ShellNotices } from '@/lib/shell/shell-notices';
import { FakeSocket } from '@/testing/fake-socket';
import { liveMessage, oneInverterStatus } from '@/testing/live-samples';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
// Loaded ahead, so the live view's lazy imports of them settle without real time passing.
import './components/snapshot-age';
import { FALLBACK_AFTER_MS, POLL_INTERVAL_MS } from './live-connection';
import { LivePage } from './live-page';
import './live-snapshot';
import { liveActions } from './live-store';
import { liveHandlers } from './testing/live-handlers';
import { STALE_AFTER_MS } from './components/connection-notice';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const gatewayUp = (status: JsonBodyType = oneInverterStatus, uptime = 3600) =>
  server.use(
    liveHandlers.status(status),
    liveHandlers.systemStatus(uptime),
    liveHandlers.ntpStatus(),
  );

/** The live view, with the shell's notices under it as on the page. */
const renderWithShell = () =>
  renderWithProviders(
    <>
      <LivePage />
      <ShellNotices />
    </>,
  );

/** Lets answers in until `shown` holds, without real time passing (the clock stays exact). */
async function until(shown: () => unknown) {
  for (let i = 0; i < 50 && !shown(); i += 1) await advance(1);
}

/** Renders and lets the first answers in. */
async function renderPage(status: JsonBodyType = oneInverterStatus, uptime = 3600) {
  gatewayUp(status, uptime);
  renderWithProviders(<LivePage />);
  await until(() => screen.queryByTestId('totals'));
  expect(screen.getByTestId('totals')).toBeInTheDocument();
}

const liveNotice = () => document.querySelector('[data-notice="no-answer"]');
const shellNotice = () => document.querySelector('[data-notice="unreachable"]');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-21T12:00:00Z'));
  liveActions.reset();
});
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.removeAttribute(SHELL_FALLBACK_ATTRIBUTE);
});

describe('LivePage over time', () => {
  it('counts the data age up from the arrival time, and shows the time above 300 s', async () => {
    await renderPage();
    act(() => FakeSocket.latest.acceptOpen());
    // The shared clock started with the page at a whole second; arrive right on one of its ticks.
    await advance(1000 - (Date.now() % 1000));
    act(() => FakeSocket.latest.push(liveMessage({ data_age: 1 })));
    expect(screen.getByTestId('data-age')).toHaveTextContent(/^1 second$/);
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

  it('counts from data_age_ms where the device sends it (v26), turning with the real second', async () => {
    await renderPage();
    act(() => FakeSocket.latest.acceptOpen());
    // Arrive half a second after a tick of the shared clock, 2.9 s old.
    await advance(1000 - (Date.now() % 1000) + 500);
    act(() => FakeSocket.latest.push(liveMessage({ data_age: 2, data_age_ms: 2_900 })));
    expect(screen.getByTestId('data-age')).toHaveTextContent('2 seconds');
    // At the next tick it is 3.4 s old; data_age alone (2 s + 0.5 s) would still say 2.
    await advance(500);
    expect(screen.getByTestId('data-age')).toHaveTextContent('3 seconds');
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

describe('the gateway away (issue 23)', () => {
  it('the live view and the shell say it together, and together that it is back', async () => {
    gatewayUp();
    renderWithShell();
    await until(() => screen.queryByTestId('totals'));
    act(() => FakeSocket.latest.acceptOpen());

    server.use(http.all('*', () => HttpResponse.error()));
    act(() => FakeSocket.latest.drop());
    expect(liveNotice()).toBeNull();
    // The socket stays closed: the live view polls, and the first round gets no answer.
    await advance(FALLBACK_AFTER_MS + 100);
    expect(liveNotice()).toHaveTextContent('The gateway cannot be reached.');
    expect(shellNotice()).toHaveTextContent(
      'The gateway cannot be reached (no answer since 12:00:00).',
    );

    server.resetHandlers();
    gatewayUp();
    await advance(POLL_INTERVAL_MS);
    expect(liveNotice()).toBeNull();
    expect(shellNotice()).toBeNull();
  });

  it('shows the last snapshot with the notice at once on a page the service worker served', async () => {
    const savedAt = Date.now() - 60_000;
    const snapshot = { savedAt, data: oneInverterStatus, receivedAt: {} };
    window.localStorage.setItem('liveSnapshot', JSON.stringify(snapshot));
    document.documentElement.setAttribute(SHELL_FALLBACK_ATTRIBUTE, '');
    gatewayReach.reset();
    // Nothing answers, nor fails: the requests wait, as for a gateway out of reach.
    server.use(http.all('*', () => new Promise<never>(() => undefined)));
    renderWithShell();
    const shown = () => document.querySelector('[data-notice="snapshot"]');
    await until(shown);
    expect(shown()).toHaveTextContent('Shown: the last data received');
    expect(screen.getByText(oneInverterStatus.inverters[0]!.name)).toBeInTheDocument();
    expect(liveNotice()).toHaveTextContent('The gateway cannot be reached.');
    expect(shellNotice()).toHaveTextContent('The gateway cannot be reached');
  });
});
