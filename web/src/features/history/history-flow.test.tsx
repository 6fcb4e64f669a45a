import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryDay, HistoryPeriod } from '@heliodtu/contract/history';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { ChartTheme } from './chart/chart-theme';
import { HistoryPage } from './history-page';
import { MONTH, YEAR, daySample, historyHandlers } from './testing/history-samples';

// The house's flow in the history (docs/power-control.md §4): a gateway whose meter recorded
// answers with `grid`; one without answers as before and the charts stay as they were. jsdom has
// no canvas, so the chart frame is replaced by a stand-in that keeps what the chart was given:
// its data and its options, built here for a known theme as the real frame would.

interface Drawn {
  data: uPlot.AlignedData;
  options(theme: ChartTheme, width: number): Omit<uPlot.Options, 'width' | 'height'>;
}
const drawn: { last?: Drawn } = {};

vi.mock('./chart/uplot-chart', () => ({
  UplotChart: (props: Drawn & { summary: string }) => {
    drawn.last = props;
    return <div role="group" aria-label={props.summary} data-testid="chart" />;
  },
}));
vi.mock('uplot', () => ({ default: { paths: {} } }));

const THEME: ChartTheme = {
  text: 'text',
  grid: 'grid',
  // As Bootstrap's: the consumption's orange is one of the inverters' colours too.
  palette: ['green', 'p1', 'orange', 'p3'],
  flow: {
    consumption: 'orange',
    grid: 'text',
    selfConsumed: 'green',
    exported: 'cyan',
    imported: 'red',
    noMeter: 'grey',
  },
};

/** The chart's series after the x series, as the frame would draw them at desktop width. */
function drawnSeries() {
  const last = drawn.last;
  if (!last) throw new Error('no chart drawn');
  return (last.options(THEME, 1000).series ?? []).slice(1);
}

/** Today with the meter's buckets at 13:00 (importing) and 13:05 (exporting); 13:15 none. */
function dayWithGrid(date: string, serial?: string): HistoryDay {
  const day = daySample(date, serial);
  if (serial) return day;
  const at = (m: number) => day.start + 13 * 3600 + m * 60;
  return {
    ...day,
    grid: {
      import_wh: 3210,
      export_wh: 4567.8,
      consumption_wh: 8518.7,
      self_consumed_wh: 5308.7,
      points: [
        [at(0), 120, 0, 1500],
        [at(5), 0, 340, 1120],
      ],
    },
  };
}

const FLOW = { import_wh: 1000, export_wh: 3000, consumption_wh: 7000, self_consumed_wh: 6000 };

/** June with the meter installed on the 21st: the 1st has only its yield. */
const MONTH_WITH_GRID: HistoryPeriod = {
  ...MONTH,
  entries: [MONTH.entries[0]!, { ...MONTH.entries[1]!, grid: FLOW }],
  total: { ...MONTH.total, grid: FLOW },
};
const YEAR_WITH_GRID: HistoryPeriod = {
  ...YEAR,
  entries: YEAR.entries.map((entry) => ({ ...entry, grid: FLOW })),
  total: { ...YEAR.total, grid: { ...FLOW, import_wh: 2000 } },
};

function renderPage(route: string, withGrid: boolean) {
  const api = historyHandlers();
  server.use(...api.handlers);
  if (withGrid) {
    server.use(
      http.get('*/api/history/day', ({ request }) => {
        const params = new URL(request.url).searchParams;
        return HttpResponse.json(
          dayWithGrid(params.get('date') ?? '2025-06-21', params.get('serial') ?? undefined),
        );
      }),
      http.get('*/api/history/month', () => HttpResponse.json(MONTH_WITH_GRID)),
      http.get('*/api/history/year', () => HttpResponse.json(YEAR_WITH_GRID)),
    );
  }
  return renderWithProviders(<HistoryPage />, { route });
}

const stat = (label: string) => screen.queryByTestId(`stat-${label}`);

describe('the history with a grid meter', () => {
  it('adds the consumption and the grid to the Day chart, and the flow to its cards', async () => {
    renderPage('/history', true);
    await screen.findByTestId('chart');
    expect(stat('Consumption')).toHaveTextContent('8.52 kWh');
    expect(stat('Imported')).toHaveTextContent('3.21 kWh');
    expect(stat('Exported')).toHaveTextContent('4.57 kWh');
    expect(stat('Yield')).toHaveTextContent('9.88 kWh');
    expect(screen.getByTestId('history-summary')).toHaveTextContent(
      'House: consumption 8.52 kWh, imported 3.21 kWh, exported 4.57 kWh.',
    );
    expect(screen.getByTestId('chart')).toHaveAccessibleName(/House: consumption 8\.52 kWh/);

    const series = drawnSeries();
    // The house's curves follow the total, before the inverters.
    expect(series.map((s) => s.label)).toEqual([
      'All inverters',
      'Consumption',
      'Grid (import +, export −)',
      'Balcony',
      'Garage roof',
    ]);
    // The flow has colours of its own, which no inverter is given on such a day (the Garage
    // roof skips the orange), and the grid is dashed so it reads apart from the curves that are
    // never negative.
    expect(series.map((s) => s.stroke)).toEqual(['green', 'orange', 'text', 'p1', 'p3']);
    expect(series[2]?.dash).toEqual([6, 4]);
    expect(series[1]?.dash).toBeUndefined();
    // The grid curve is import − export: negative while exporting.
    const data = drawn.last?.data ?? [];
    const times = data[0] as number[];
    const at1300 = times.indexOf(1750456800 + 13 * 3600);
    expect(data[2]?.[at1300]).toBe(1500);
    expect(data[3]?.[at1300]).toBe(120);
    expect(data[3]?.[at1300 + 1]).toBe(-340);
    expect(data[3]?.[at1300 + 3]).toBeNull();
    // The y axis reaches below zero for the export.
    const range = drawn.last?.options(THEME, 1000).scales?.['y']?.range;
    expect(typeof range === 'function' && range({} as uPlot, -340, 1510, 'y')).toEqual([
      -340, 1510,
    ]);
  });

  it('lists the flow in the Day table, in watts per bucket', async () => {
    const { user } = renderPage('/history', true);
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Time',
      'All inverters [W]',
      'Consumption [W]',
      'Grid (import +, export −) [W]',
      'Balcony [W]',
      'Garage roof [W]',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '13:001,380 W1,500 W120 W600 W780 W',
      '13:051,460 W1,120 W-340 W700 W760 W',
      '13:15500 W––500 W–',
    ]);
  });

  it('stacks the month bars as self-consumed, exported and imported, bottom up', async () => {
    const { user } = renderPage('/history?view=month&date=2025-06-21', true);
    await screen.findByTestId('chart');
    expect(stat('Self-consumed')).toHaveTextContent('6.00 kWh');
    expect(stat('Exported')).toHaveTextContent('3.00 kWh');
    expect(stat('Imported')).toHaveTextContent('1.00 kWh');
    expect(screen.getByTestId('history-summary')).toHaveTextContent(
      'House: self-consumed 6.00 kWh, exported 3.00 kWh, imported 1.00 kWh.',
    );

    // uPlot paints in order: the highest part first, each lower one over it.
    const series = drawnSeries();
    expect(series.map((s) => s.label)).toEqual([
      'Imported',
      'Exported',
      'Self-consumed',
      'Yield (no meter data)',
    ]);
    // The yield from before the meter in grey, apart from the self-consumed green.
    expect(series.map((s) => s.fill)).toEqual(['red', 'cyan', 'green', 'grey']);
    // Each part's top edge; the 1st (before the meter) only has its yield.
    const data = drawn.last?.data ?? [];
    expect([1, 2, 3, 4].map((s) => data[s]?.[0])).toEqual([null, null, null, 8.1234]);
    expect([1, 2, 3, 4].map((s) => data[s]?.[20])).toEqual([10, 9, 6, null]);
    // The readout gives each part's own energy, not the stacked height.
    const imported = series[0]?.value;
    expect(typeof imported === 'function' && imported({} as uPlot, 10, 1, 20)).toBe('1.00 kWh');

    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Period',
      'Yield [kWh]',
      'Peak power [W]',
      'Self-consumed [kWh]',
      'Exported [kWh]',
      'Imported [kWh]',
      'Balcony [kWh]',
    ]);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(2, 5).map((td) => td.textContent));
    expect(cells).toEqual([
      ['–', '–', '–'],
      ['6.00 kWh', '3.00 kWh', '1.00 kWh'],
    ]);
  });

  it('stacks the year bars the same way, without a yield-only part when every bar has grid data', async () => {
    renderPage('/history?view=year&date=2025-06-21', true);
    await screen.findByTestId('chart');
    expect(stat('Imported')).toHaveTextContent('2.00 kWh');
    // Six cards: six to a row on a wide screen (a class the build keeps: written out whole).
    expect(screen.getByTestId('stat-Yield').closest('.row')).toHaveClass('row-cols-lg-6');
    expect(drawnSeries().map((s) => s.label)).toEqual(['Imported', 'Exported', 'Self-consumed']);
  });
});

describe('the history without a grid meter', () => {
  it('draws the Day chart as before: all inverters and each one, no flow cards', async () => {
    renderPage('/history', false);
    await screen.findByTestId('chart');
    const series = drawnSeries();
    expect(series.map((s) => s.label)).toEqual(['All inverters', 'Balcony', 'Garage roof']);
    // Without a meter the inverters have the palette as it is.
    expect(series.map((s) => s.stroke)).toEqual(['green', 'p1', 'orange']);
    expect(stat('Consumption')).not.toBeInTheDocument();
    expect(stat('Imported')).not.toBeInTheDocument();
    expect(screen.getByTestId('history-summary')).not.toHaveTextContent('House');
  });

  it('draws plain yield bars for the month, no flow cards', async () => {
    renderPage('/history?view=month&date=2025-06-21', false);
    await screen.findByTestId('chart');
    const series = drawnSeries();
    expect(series.map((s) => s.label)).toEqual(['Yield']);
    expect(series[0]?.fill).toBe('green');
    expect(stat('Self-consumed')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('history-summary')).not.toHaveTextContent('House'),
    );
  });

  it('leaves the flow out when one inverter is shown', async () => {
    const { user } = renderPage('/history', true);
    await screen.findByTestId('chart');
    await user.selectOptions(screen.getByLabelText('Curves'), 'Balcony and its strings');
    await waitFor(() =>
      expect(drawnSeries().map((s) => s.label)).toEqual(['Balcony', 'Left', 'String 2']),
    );
    expect(stat('Consumption')).not.toBeInTheDocument();
  });
});
