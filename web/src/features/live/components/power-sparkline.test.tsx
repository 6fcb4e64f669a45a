import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryDay } from '@heliodtu/contract/history';
import { resetHistorySupport, useHistorySupportStore } from '@/lib/history-support';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SPARKLINE_REFRESH_MS, sparklineRuns } from './power-sparkline';
import { TotalsCards } from './totals-cards';

const start = 1750456800;
const DAY: HistoryDay = {
  date: '2025-06-21',
  tz: 'CET-1CEST,M3.5.0,M10.5.0/3',
  bucket_minutes: 5,
  start,
  end: start + 86400,
  utc_offsets: [[start, 7200]],
  total: {
    yield_wh: 100,
    peak_w: 1510.2,
    peak_at: start + 13 * 3600,
    peak_local: '13:05',
    // 06:00, 06:05, then a gap, 12:00 alone.
    points: [
      [start + 6 * 3600, 10, 12],
      [start + 6 * 3600 + 300, 20, 22],
      [start + 12 * 3600, 1510.2, 1600],
    ],
  },
  inverters: [],
};

afterEach(() => {
  resetHistorySupport();
  vi.useRealTimers();
});

describe('power sparkline', () => {
  it('draws one run per stretch without missing buckets, scaled to the peak', () => {
    const runs = sparklineRuns(DAY);
    expect(runs).toHaveLength(2);
    expect(runs[0]?.split(' ')).toHaveLength(2);
    // The lone point at noon: a flat stub at the top (peak = full height).
    expect(runs[1]).toBe('144.5,1.0 144.5,1.0');
  });

  it('is under "Power now" only when the gateway has history, and refreshes every 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get('*/api/history/day', () => {
        calls += 1;
        return HttpResponse.json(DAY);
      }),
    );
    const view = renderWithProviders(<TotalsCards />);
    expect(screen.queryByTestId('power-sparkline')).not.toBeInTheDocument();
    view.unmount();

    act(() => useHistorySupportStore.setState({ support: 'available' }));
    renderWithProviders(<TotalsCards />);
    const sparkline = await screen.findByRole('img', {
      name: 'Power curve today: peak 1,510 W at 13:05',
    });
    expect(screen.getByRole('region', { name: 'Power now' })).toContainElement(sparkline);
    expect(sparkline.querySelectorAll('polyline')).toHaveLength(2);
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(SPARKLINE_REFRESH_MS - 1000));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls).toBe(2);
  });
});
