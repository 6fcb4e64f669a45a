import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { HistoryPage } from './history-page';
import { historyHandlers } from './testing/history-samples';

// jsdom has no canvas: the uPlot frame is replaced by its accessible shell, which is what the
// tests read (the summary as its name). The chart itself is measured in Chromium (bench, e2e).
vi.mock('./chart/uplot-chart', () => ({
  UplotChart: ({ summary, data }: { summary: string; data: unknown[][] }) => (
    <div role="group" aria-label={summary} data-testid="chart" data-series={data.length - 1} />
  ),
}));
vi.mock('uplot', () => ({ default: { paths: {} } }));

function renderPage(route = '/history') {
  const api = historyHandlers();
  server.use(...api.handlers);
  const view = renderWithProviders(<HistoryPage />, { route });
  return { ...view, asked: api.asked };
}

describe('HistoryPage', () => {
  it("shows today's curve with the day's yield and peak in the gateway's local time", async () => {
    const { asked } = renderPage();
    const chart = await screen.findByTestId('chart');
    expect(screen.getByRole('heading', { level: 1, name: 'Energy history' })).toBeInTheDocument();
    expect(chart).toHaveAccessibleName(
      'Saturday, June 21, 2025: yield 9.88 kWh, peak power 1,510 W at 13:05.',
    );
    // Fleet total plus both inverters.
    expect(chart).toHaveAttribute('data-series', '3');
    expect(screen.getByTestId('stat-Yield')).toHaveTextContent('9.88 kWh');
    expect(screen.getByTestId('stat-Peak power')).toHaveTextContent('1,510 Wat 13:05');
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toContain('api/history/day?date=2025-06-21');
  });

  it('steps back a day, picks a date, and stops at today and the first recorded day', async () => {
    const { user, asked } = renderPage();
    await screen.findByTestId('chart');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(asked).toContain('api/history/day?date=2025-06-20'));
    expect(window.location.search).toBe('?view=day&date=2025-06-20');
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveValue('2025-06-20'));
    expect(screen.getByRole('button', { name: 'Next day' })).toBeEnabled();

    const picker = screen.getByLabelText('Date');
    expect(picker).toHaveAttribute('min', '2025-04-22');
    expect(picker).toHaveAttribute('max', '2025-06-21');
    // A date input takes whole dates (the browser's picker); jsdom has none to click.
    fireEvent.change(picker, { target: { value: '2025-04-22' } });
    await waitFor(() => expect(asked).toContain('api/history/day?date=2025-04-22'));
    expect(screen.getByRole('button', { name: 'Previous day' })).toBeDisabled();
  });

  it('shows one inverter with its strings on demand', async () => {
    const { user, asked } = renderPage();
    await screen.findByTestId('chart');
    await user.selectOptions(screen.getByLabelText('Curves'), 'Balcony and its strings');
    await waitFor(() =>
      expect(asked).toContain('api/history/day?date=2025-06-21&serial=114182352592&strings=1'),
    );
    // The inverter and its two strings (the unnamed one numbered).
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveAttribute('data-series', '3'));
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Balcony [W]', 'Left [W]', 'String 2 [W]']);
    expect(screen.getByTestId('stat-Yield')).toHaveTextContent('4.32 kWh');
  });

  it('offers the day as a table: one row per recorded bucket, gaps left out', async () => {
    const { user } = renderPage();
    await screen.findByTestId('chart');
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '13:001,380 W600 W780 W',
      '13:051,460 W700 W760 W',
      '13:15500 W500 W–',
    ]);
    await user.click(toggle);
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });

  it('switches to the month and year bars, and the CSV link follows what is shown', async () => {
    const { user, asked } = renderPage();
    await screen.findByTestId('chart');
    const csv = () =>
      new URL(screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href') ?? '');
    expect(csv().pathname).toBe('/api/history/export.csv');
    expect(Object.fromEntries(csv().searchParams)).toEqual({
      from: '2025-06-21',
      to: '2025-06-21',
      resolution: 'bucket',
    });

    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(asked).toContain('api/history/month?month=2025-06'));
    expect(await screen.findByTestId('history-summary')).toHaveTextContent(
      'June 2025: yield 18.00 kWh; best: Saturday, June 21, 2025 with 9.88 kWh.',
    );
    expect(Object.fromEntries(csv().searchParams)).toMatchObject({
      from: '2025-06-01',
      to: '2025-06-21',
      resolution: 'day',
    });
    expect(screen.getByLabelText('Month')).toHaveValue('2025-06');
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Sunday, June 1, 2025',
      'Saturday, June 21, 2025',
    ]);

    await user.click(screen.getByRole('button', { name: 'Year' }));
    await waitFor(() => expect(asked).toContain('api/history/year?year=2025'));
    await waitFor(() =>
      expect(screen.getByTestId('history-summary')).toHaveTextContent(
        '2025: yield 430.00 kWh; best: May 2025 with 250.00 kWh.',
      ),
    );
    expect(Object.fromEntries(csv().searchParams)).toMatchObject({
      from: '2025-01-01',
      to: '2025-06-21',
    });

    await user.click(screen.getByRole('button', { name: 'Lifetime' }));
    await waitFor(() => expect(asked).toContain('api/history/years?'));
    expect(screen.queryByRole('button', { name: 'Previous year' })).not.toBeInTheDocument();
  });

  it('opens the view and date of the URL', async () => {
    const { asked } = renderPage('/history?view=month&date=2025-05-10');
    await screen.findByTestId('chart');
    expect(asked).toContain('api/history/month?month=2025-05');
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
  });
});
