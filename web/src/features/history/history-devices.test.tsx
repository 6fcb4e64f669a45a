import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { HistoryPage } from './history-page';
import { MONTH, RANGE, daySample, historyHandlers } from './testing/history-samples';

vi.mock('./chart/uplot-chart', () => ({
  UplotChart: ({ summary, data }: { summary: string; data: unknown[][] }) => (
    <div role="group" aria-label={summary} data-testid="chart" data-series={data.length - 1} />
  ),
}));
vi.mock('uplot', () => ({ default: { paths: {} } }));

/**
 * Issue 27: the History screen of a companion in front of several devices offers all devices
 * together or one of them, kept in the URL (&dtu=). All devices together name each inverter's
 * device, and here both devices hold the same serial: it must stay two inverters.
 */

const device = (id: string, name: string): CompanionDevice => ({
  id,
  name,
  url: `http://192.168.1.${id.length}`,
  git_hash: 'v24.11.7',
  reachable: true,
  unreachable_since: null,
  problem: null,
  origin: 'env',
  connected_since: 1_750_500_000,
  inverter_count: 1,
  default_password: false,
});
const DEVICES = [device('roof', 'Roof'), device('garage', 'Garage')];
const BALCONY = RANGE.inverters[0]!;

function renderCompanion(route = '/history') {
  const api = historyHandlers();
  // The handlers given first answer first: these before the plain samples.
  server.use(
    http.get('*/api/companion/status', () =>
      HttpResponse.json({ companion: true, devices: DEVICES }),
    ),
    // All devices: the one serial on both, each tagged with its device.
    http.get('*/api/history/range', ({ request }) => {
      api.asked.push(`api/history/range?${new URL(request.url).searchParams.toString()}`);
      const dtu = new URL(request.url).searchParams.get('dtu');
      return HttpResponse.json(
        dtu
          ? { ...RANGE, inverters: [BALCONY] }
          : { ...RANGE, inverters: DEVICES.map((d) => ({ ...BALCONY, dtu: d.id })) },
      );
    }),
    http.get('*/api/history/day', ({ request }) => {
      const params = new URL(request.url).searchParams;
      api.asked.push(`api/history/day?${params.toString()}`);
      const day = daySample(params.get('date') ?? RANGE.today, params.get('serial') ?? undefined);
      const balcony = day.inverters[0]!;
      return HttpResponse.json(
        params.get('dtu') || params.get('serial')
          ? { ...day, inverters: [balcony] }
          : { ...day, inverters: DEVICES.map((d) => ({ ...balcony, dtu: d.id })) },
      );
    }),
    ...api.handlers,
  );
  const view = renderWithProviders(<HistoryPage />, { route });
  return { ...view, asked: api.asked };
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('HistoryPage on a companion of several devices', () => {
  it('shows all devices together, one serial on two devices as two inverters', async () => {
    const { user, asked } = renderCompanion();
    const choice = await screen.findByLabelText('Device');
    expect(optionsOf(choice)).toEqual(['All devices', 'Roof', 'Garage']);
    expect(choice).toHaveValue('');
    await screen.findByTestId('chart');
    expect(asked).toContain('api/history/day?date=2025-06-21');
    await waitFor(() =>
      expect(optionsOf(screen.getByLabelText('Curves'))).toEqual([
        'All inverters and their sum',
        'Balcony (Roof) and its strings',
        'Balcony (Garage) and its strings',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'All inverters [W]', 'Balcony (Roof) [W]', 'Balcony (Garage) [W]']);
    // One inverter of all devices is asked for at its own device.
    await user.selectOptions(screen.getByLabelText('Curves'), 'Balcony (Garage) and its strings');
    await waitFor(() =>
      expect(asked).toContain(
        'api/history/day?date=2025-06-21&serial=114182352592&strings=1&dtu=garage',
      ),
    );
  });

  it('picks one device: kept in the URL, asked with dtu=, and across views', async () => {
    const { user, asked } = renderCompanion();
    await user.selectOptions(await screen.findByLabelText('Device'), 'Garage');
    await waitFor(() =>
      expect(window.location.search).toBe('?view=day&date=2025-06-21&dtu=garage'),
    );
    await waitFor(() => expect(asked).toContain('api/history/range?dtu=garage'));
    await waitFor(() => expect(asked).toContain('api/history/day?date=2025-06-21&dtu=garage'));
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(window.location.search).toContain('view=month'));
    expect(window.location.search).toContain('dtu=garage');
    await waitFor(() => expect(asked).toContain('api/history/month?month=2025-06&dtu=garage'));
    await user.selectOptions(screen.getByLabelText('Device'), 'All devices');
    await waitFor(() => expect(window.location.search).not.toContain('dtu='));
  });

  it('opens a bookmarked device', async () => {
    server.use(http.get('*/api/history/month', () => HttpResponse.json(MONTH)));
    const { asked } = renderCompanion('/history?view=month&date=2025-06-01&dtu=roof');
    await waitFor(() => expect(screen.getByLabelText('Device')).toHaveValue('roof'));
    await waitFor(() => expect(asked).toContain('api/history/range?dtu=roof'));
    await waitFor(() => expect(asked).toContain('api/history/month?month=2025-06&dtu=roof'));
    // Not all devices first, while the list was on its way.
    expect(asked).not.toContain('api/history/range?');
  });

  it('shows all devices for a device the companion does not list', async () => {
    const { asked } = renderCompanion('/history?dtu=attic');
    await screen.findByTestId('chart');
    expect(screen.getByLabelText('Device')).toHaveValue('');
    expect(asked.filter((query) => query.includes('dtu=attic'))).toEqual([]);
  });

  it('offers no device choice on a gateway that is not a companion', async () => {
    const api = historyHandlers();
    server.use(...api.handlers);
    renderWithProviders(<HistoryPage />, { route: '/history' });
    await screen.findByTestId('chart');
    expect(screen.queryByLabelText('Device')).toBeNull();
    expect(api.asked).toContain('api/history/range?');
  });
});
