import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_FALLBACK_ATTRIBUTE, gatewayReach } from '@/lib/gateway-reach';
import { ShellNotices } from '@/lib/shell/shell-notices';
import { FakeSocket } from '@/testing/fake-socket';
import { oneInverterStatus } from '@/testing/live-samples';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
// Loaded ahead, so the live view's lazy imports of them settle without real time passing.
import './components/snapshot-age';
import { FALLBACK_AFTER_MS, POLL_INTERVAL_MS } from './live-connection';
import { LivePage } from './live-page';
import './live-snapshot';
import { liveActions } from './live-store';
import { liveHandlers } from './testing/live-handlers';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const gatewayUp = () =>
  server.use(
    liveHandlers.status(oneInverterStatus),
    liveHandlers.systemStatus(),
    liveHandlers.ntpStatus(),
  );
const gatewayAway = () => server.use(http.all('*', () => HttpResponse.error()));

/** The live view with the shell's notices under it, as on the page. */
function renderWithShell() {
  renderWithProviders(
    <>
      <LivePage />
      <ShellNotices />
    </>,
  );
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

describe('the gateway away (issue 23)', () => {
  it('the live view and the shell say it together, and together that it is back', async () => {
    gatewayUp();
    renderWithShell();
    for (let i = 0; i < 50 && !screen.queryByTestId('totals'); i += 1) await advance(1);
    act(() => FakeSocket.latest.acceptOpen());

    gatewayAway();
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
    for (let i = 0; i < 50 && !shown(); i += 1) await advance(1);
    expect(shown()).toHaveTextContent('Shown: the last data received');
    expect(screen.getByText(oneInverterStatus.inverters[0]!.name)).toBeInTheDocument();
    expect(liveNotice()).toHaveTextContent('The gateway cannot be reached.');
    expect(shellNotice()).toHaveTextContent('The gateway cannot be reached');
  });
});
