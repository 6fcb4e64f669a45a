import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NtpConfig, NtpStatus } from '@heliodtu/contract/ntp';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NtpInfoPage } from './ntp-info-page';

const STATUS: NtpStatus = {
  ntp_server: 'pool.ntp.org',
  ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  ntp_timezone_descr: 'Europe/Berlin',
  ntp_status: true,
  ntp_localtime: 'Saturday, June 21 2025 12:04:18',
  sun_risetime: 'Saturday, June 21 2025 05:03:23',
  sun_settime: 'Saturday, June 21 2025 21:36:43',
  sun_isSunsetAvailable: true,
  sun_isDayPeriod: true,
};
const CONFIG: NtpConfig = {
  ntp_server: 'pool.ntp.org',
  ntp_timezone: STATUS.ntp_timezone,
  ntp_timezone_descr: 'Europe/Berlin',
  latitude: 52.52,
  longitude: 13.405,
  sunsettype: 2,
};

function value(label: string) {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr');
  if (!row) throw new Error(`no row ${label}`);
  return within(row).getByRole('cell').textContent;
}

describe('NtpInfoPage', () => {
  it('shows configuration and state; the device time ticks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(answerGet('api/ntp/status', STATUS), answerGet('api/ntp/config', CONFIG));
    renderWithProviders(<NtpInfoPage />, { route: '/info/ntp', loggedIn: true });
    await screen.findByRole('rowheader', { name: 'Sun-set type' });
    expect(value('Server')).toBe('pool.ntp.org');
    expect(value('Time zone')).toBe(STATUS.ntp_timezone);
    expect(value('Time zone name')).toBe('Europe/Berlin');
    expect(value('Location')).toBe('latitude 52.5200, longitude 13.4050');
    expect(value('Sun-set type')).toBe('civil');
    expect(value('Status')).toBe('synchronised');
    expect(value('Device time')).toBe('Saturday, June 21, 2025 at 12:04:18');
    expect(value('Sunrise')).toBe('Saturday, June 21, 2025 at 05:03:23');
    expect(value('Sunset')).toBe('Saturday, June 21, 2025 at 21:36:43');
    expect(value('Period')).toBe('day');
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(value('Device time')).toMatch(/12:04:2[01]$/);
    vi.useRealTimers();
  });

  it('without login: no config request, a hint instead; night and no sun times', async () => {
    server.use(
      answerGet('api/ntp/status', {
        ...STATUS,
        ntp_status: false,
        sun_isSunsetAvailable: false,
        sun_isDayPeriod: false,
      }),
    );
    renderWithProviders(<NtpInfoPage />, { route: '/info/ntp' });
    await screen.findByRole('rowheader', { name: 'Server' });
    expect(screen.queryByRole('rowheader', { name: 'Location' })).toBeNull();
    expect(screen.getByText(/Log in to see the location/)).toBeVisible();
    expect(value('Status')).toBe('not synchronised');
    expect(value('Sunrise')).toBe('not available');
    expect(value('Period')).toBe('night');
  });
});
