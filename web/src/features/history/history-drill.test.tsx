import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { HistoryPage } from './history-page';
import { historyHandlers } from './testing/history-samples';

// jsdom has no canvas: the uPlot frame is replaced by its accessible shell plus one button per
// bar that can be opened, standing in for a click (or Enter) on that bar. The real frame's click
// and key handling is tested in chart/uplot-chart.test.tsx.
vi.mock('./chart/uplot-chart', () => ({
  UplotChart: (props: {
    summary: string;
    data: unknown[][];
    onPick?: (idx: number) => void;
    canPick?: (idx: number) => boolean;
  }) => (
    <div role="group" aria-label={props.summary} data-testid="chart">
      {props.data[0]?.map((_, idx) =>
        props.onPick && (props.canPick?.(idx) ?? true) ? (
          <button key={idx} type="button" onClick={() => props.onPick?.(idx)}>
            {`bar ${idx}`}
          </button>
        ) : null,
      )}
    </div>
  ),
}));
vi.mock('uplot', () => ({ default: { paths: {} } }));

function renderPage(route: string) {
  const api = historyHandlers();
  server.use(...api.handlers);
  const view = renderWithProviders(<HistoryPage />, { route });
  return { ...view, asked: api.asked };
}

const summary = () => screen.getByTestId('history-summary');

describe('History drill-down', () => {
  it("names the year's peak by its exact local day and time", async () => {
    renderPage('/history?view=year&date=2025-03-01');
    await screen.findByTestId('chart');
    expect(screen.getByTestId('stat-Peak power')).toHaveTextContent(
      '1,620 WSunday, June 8, 2025, at 13:27',
    );
  });

  it('opens a month from its bar, then a day from its bar; empty bars cannot be opened', async () => {
    const { user, asked } = renderPage('/history?view=year&date=2025-03-01');
    const chart = await screen.findByTestId('chart');
    // Only May (index 4) and June (5) have data.
    expect(
      within(chart)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['bar 4', 'bar 5']);
    await user.click(within(chart).getByRole('button', { name: 'bar 5' }));
    await waitFor(() => expect(asked).toContain('api/history/month?month=2025-06'));
    expect(window.location.search).toBe('?view=month&date=2025-06-01');
    await waitFor(() => expect(summary()).toHaveTextContent(/^June 2025: yield 18\.00 kWh/));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');

    // Day 21 of June is index 20.
    await user.click(screen.getByRole('button', { name: 'bar 20' }));
    await waitFor(() => expect(asked).toContain('api/history/day?date=2025-06-21'));
    expect(window.location.search).toBe('?view=day&date=2025-06-21');
    // The chart went away with the month: the focus lands on the view now shown.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Day' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens a year from the lifetime bars', async () => {
    const { user, asked } = renderPage('/history?view=lifetime&date=2025-06-21');
    const chart = await screen.findByTestId('chart');
    await user.click(within(chart).getByRole('button', { name: 'bar 0' }));
    await waitFor(() => expect(asked).toContain('api/history/year?year=2025'));
    expect(window.location.search).toBe('?view=year&date=2025-01-01');
  });

  it('links each period of the table alternative to its next level', async () => {
    const { user, asked } = renderPage('/history?view=year&date=2025-03-01');
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    const links = within(table).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['May 2025', '/history?view=month&date=2025-05-01'],
      ['June 2025', '/history?view=month&date=2025-06-01'],
    ]);
    // Keyboard: the link is focused and followed with Enter.
    links[1]?.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked).toContain('api/history/month?month=2025-06'));
    expect(window.location.search).toBe('?view=month&date=2025-06-01');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Month' })).toHaveFocus());
    const dayLinks = await waitFor(() => {
      const found = within(screen.getByRole('table')).getAllByRole('link');
      expect(found[0]).toHaveTextContent('Sunday, June 1, 2025');
      return found;
    });
    expect(dayLinks.map((l) => l.getAttribute('href'))).toEqual([
      '/history?view=day&date=2025-06-01',
      '/history?view=day&date=2025-06-21',
    ]);
  });
});
