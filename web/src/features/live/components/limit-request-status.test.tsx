import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMIT_READ_BACK_MS } from '@heliodtu/contract/domain/limit-readback';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { limitRequestActions, useLimitRequestStore } from '../limit-request-store';
import { liveHandlers } from '../testing/live-handlers';
import { LimitRequestStatus } from './limit-request-status';

const SERIAL = '114182352592';
const START = Date.UTC(2025, 5, 21, 12, 0, 0);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The firmware's wall-clock text ("Saturday, June 21 2025 12:00:05") of a UTC time. */
function wallClockText(ms: number): string {
  const at = new Date(ms);
  const part = (options: Intl.DateTimeFormatOptions) =>
    at.toLocaleString('en-US', { timeZone: 'UTC', ...options });
  const time = part({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return `${part({ weekday: 'long' })}, ${part({ month: 'long' })} ${at.getUTCDate()} ${at.getUTCFullYear()} ${time}`;
}

/** GET api/ntp/status of a device whose clock runs `speed` times as fast as the host's. */
const deviceClockAt = (speed: number) =>
  http.get('*/api/ntp/status', () =>
    HttpResponse.json({
      ntp_status: true,
      ntp_localtime: wallClockText(START + (Date.now() - START) * speed),
    }),
  );

/** An absolute limit of 600 W sent now; the inverter already reports it (status Ok). */
function renderSentLimit(speed: number) {
  server.use(
    deviceClockAt(speed),
    liveHandlers.limitStatus({
      [SERIAL]: { limit_relative: 75, max_power: 800, limit_set_status: 'Ok' },
    }),
  );
  limitRequestActions.sent(SERIAL, {
    value: 600,
    relative: false,
    persistent: false,
    sentAt: Date.now(),
  });
  renderWithProviders(
    <LimitRequestStatus inverter={{ serial: SERIAL, limit_relative: 75, limit_absolute: 600 }} />,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
  useLimitRequestStore.setState({ requests: {} });
});

describe('LimitRequestStatus', () => {
  it('counts the read-back down in device time: a clock at 60× reads back within 4 s', async () => {
    renderSentLimit(60);
    expect(screen.getByTestId('limit-countdown')).toHaveTextContent('read back in about 4:00');
    // The clock is read at once and 3 s later; from then on it runs at the measured rate.
    await advance(4_000);
    expect(screen.queryByTestId('limit-countdown')).not.toBeInTheDocument();
    expect(screen.getByTestId('requested-limit')).toHaveTextContent('confirmed by the inverter');
  });

  it('counts in real time on a device whose clock runs at real time', async () => {
    renderSentLimit(1);
    await advance(4_000);
    expect(screen.getByTestId('limit-countdown')).toHaveTextContent('read back in about 3:56');
    await advance(LIMIT_READ_BACK_MS);
    expect(screen.getByTestId('requested-limit')).toHaveTextContent('confirmed by the inverter');
  });
});
