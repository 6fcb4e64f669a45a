import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveDataStatusFixture } from '@heliodtu/contract/fixtures/live-data';
import { answerGet, recordPosts } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { controlConfig, controlStatus, meterConfig, meterStatus } from '@/testing/power-samples';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PowerControlPage } from './power-control-page';

// jsdom draws no canvas: a stand-in for uPlot that keeps what it was given.
const plots = vi.hoisted(() => [] as { series: { label?: string }[]; data: unknown[][] }[]);
vi.mock('uplot', () => ({
  default: class FakePlot {
    width: number;
    constructor(options: { width: number; series: { label?: string }[] }, data: unknown[][]) {
      this.width = options.width;
      plots.push({ series: options.series, data });
    }
    setSize() {}
    destroy() {}
  },
}));

const SAVED = { ok: true, field: '', message: 'Settings saved.' };
const [balcony, garage] = liveDataStatusFixture.inverters;

async function renderPage(loggedIn = true, status: unknown = controlStatus()) {
  server.use(
    answerGet('api/gridmeter/status', meterStatus()),
    answerGet('api/exportcontrol/status', status as JsonBodyType),
  );
  server.use(
    answerGet('api/gridmeter/config', meterConfig()),
    answerGet('api/exportcontrol/config', controlConfig()),
    answerGet('api/livedata/status', liveDataStatusFixture),
  );
  const view = renderWithProviders(<PowerControlPage />, { route: '/power-control', loggedIn });
  await screen.findByTestId('control-sentence');
  return view;
}

beforeEach(() => {
  plots.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

describe('PowerControlPage (issue 35)', () => {
  it('says what control does, with its figures and the last 15 minutes', async () => {
    await renderPage();
    expect(screen.getByTestId('control-sentence')).toHaveTextContent(
      'Holding the grid at the target (no import or export): importing 8 W now',
    );
    expect(screen.getByTestId('control-grid')).toHaveTextContent('Importing 8 W');
    expect(screen.getByTestId('control-production')).toHaveTextContent('610 W');
    expect(screen.getByTestId('control-target')).toHaveTextContent('No import or export');
    expect(screen.getByTestId('control-limit')).toHaveTextContent('620 W');
    // The chart module loads lazily: allow for a busy machine.
    await waitFor(() => expect(plots.length).toBeGreaterThan(0), { timeout: 5_000 });
    const plot = plots.at(-1)!;
    expect(plot.series.map((s) => s.label)).toEqual([
      'Time',
      'Grid',
      'Production',
      'Target',
      'Total limit',
    ]);
    expect(plot.data[0]).toHaveLength(180);
    expect(screen.getByRole('img', { name: /last 15 minutes \(180 points\)/ })).toBeVisible();
  });

  it('shows each governed inverter with its limit, confirmed or pending, and why', async () => {
    const status = controlStatus();
    const [one] = status.inverters;
    await renderPage(true, {
      ...status,
      state: 'waiting',
      inverters: [
        one,
        {
          ...one,
          serial: '116183746501',
          name: 'Garage roof',
          state: 'pending',
          requested_w: 300,
          readback_w: 450,
          confirmed: false,
        },
        {
          ...one,
          serial: '116183746502',
          name: 'Barn',
          state: 'paused_manual',
          requested_w: null,
          readback_w: 200,
          paused_until: status.now + 12 * 60_000,
        },
      ],
    });
    const balconyItem = await screen.findByTestId('governed-inverter-114182352592');
    expect(balconyItem).toHaveTextContent('620 W');
    expect(within(balconyItem).getByTestId('limit-state')).toHaveTextContent('confirmed');
    expect(balconyItem).toHaveTextContent('Control sets its limit to hold the grid at the target.');
    const garageItem = screen.getByTestId('governed-inverter-116183746501');
    expect(within(garageItem).getByTestId('limit-state')).toHaveTextContent('pending');
    expect(garageItem).toHaveTextContent('300 W');
    expect(garageItem).toHaveTextContent('reads back 450 W');
    expect(screen.getByTestId('governed-inverter-116183746502')).toHaveTextContent(
      'Paused: the owner sent it a limit by hand. Control resumes in 12 minutes.',
    );
    expect(screen.getByTestId('control-sentence')).toHaveTextContent(/^A new limit was sent/);
  });

  it('reads the meter now and shows the value and its age', async () => {
    const { user } = await renderPage();
    server.use(
      http.post('*/api/gridmeter/read', () =>
        HttpResponse.json(meterStatus({ power_w: -230, age_ms: 0, now: meterStatus().now + 1 })),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Read the meter now' }));
    await waitFor(() =>
      expect(screen.getByTestId('meter-now')).toHaveTextContent(
        'Exporting 230 WLast reading 0 s ago.',
      ),
    );
  });

  it('asks a visitor to log in for the settings, and loads none', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/gridmeter/config', () => {
        asked += 1;
        return HttpResponse.json(meterConfig());
      }),
    );
    await renderPage(false);
    expect(screen.getByText(/need the admin login/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Read the meter now' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('says so on a gateway without a grid meter or export control', async () => {
    server.use(
      http.get('*/api/exportcontrol/status', () => new HttpResponse(null, { status: 404 })),
    );
    renderWithProviders(<PowerControlPage />, { route: '/power-control' });
    expect(await screen.findByText(/part of the HelioDTU gateway/)).toBeVisible();
  });
});

describe('PowerControlPage settings (issue 35)', () => {
  it('saves the meter, keeping the saved password it never saw', async () => {
    const post = recordPosts('api/gridmeter/config', SAVED);
    server.use(post.handler);
    const { user } = await renderPage();
    const form = await screen.findByTestId('meter-settings');
    const interval = within(form).getByLabelText('Read every');
    await user.clear(interval);
    await user.type(interval, '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeVisible();
    expect(post.received).toHaveLength(1);
    const sent = post.received[0] as Record<string, Record<string, unknown>>;
    expect(sent['http']).toEqual({
      url: 'http://192.168.1.60/rpc/EM.GetStatus?id=0',
      json_path: 'total_act_power',
      auth: 'digest',
      username: 'admin',
      interval_s: 2,
    });
    expect(sent['mqtt']).toEqual({ topics: [], json_path: '' });
  });

  it('sends nothing while a meter field is wrong, and says why at the field', async () => {
    const post = recordPosts('api/gridmeter/config', SAVED);
    server.use(post.handler);
    const { user } = await renderPage();
    const form = await screen.findByTestId('meter-settings');
    const url = within(form).getByLabelText('Address (URL)');
    await user.clear(url);
    await user.type(url, 'ftp://meter.local');
    const interval = within(form).getByLabelText('Read every');
    await user.clear(interval);
    await user.type(interval, '20');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter an http:// or https:// address.')).toBeVisible();
    // Stale after 30 s with a read every 20 s: not twice the interval.
    expect(within(form).getByText('At least 40 s: twice the read interval.')).toBeVisible();
    expect(post.received).toHaveLength(0);
  });

  it('asks for MQTT topics when the meter is read over MQTT', async () => {
    const post = recordPosts('api/gridmeter/config', SAVED);
    server.use(post.handler);
    const { user } = await renderPage();
    const form = await screen.findByTestId('meter-settings');
    await user.selectOptions(within(form).getByLabelText('Source'), 'mqtt');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the topic the meter publishes on.')).toBeVisible();
    await user.type(within(form).getByLabelText('Topic 1'), 'shellies/em/status/em:0');
    await user.type(within(form).getByLabelText('Topic 3'), 'phase/c');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post.received).toHaveLength(1));
    const sent = post.received[0] as Record<string, Record<string, unknown>>;
    expect(sent['mqtt']).toEqual({
      topics: ['shellies/em/status/em:0', 'phase/c'],
      json_path: '',
    });
  });

  it('governs inverters chosen one by one, each with its limits', async () => {
    const post = recordPosts('api/exportcontrol/config', SAVED);
    server.use(post.handler);
    const { user } = await renderPage();
    const form = await screen.findByTestId('control-settings');
    const chosen = within(form).getByTestId(`governed-setting-${balcony!.serial}`);
    expect(within(chosen).getByRole('heading', { name: balcony!.name })).toBeVisible();
    await user.selectOptions(within(form).getByLabelText('Add'), `local/${garage!.serial}`);
    await user.click(within(form).getByRole('button', { name: 'Add inverter' }));
    const added = within(form).getByTestId(`governed-setting-${garage!.serial}`);
    const fallback = within(added).getByLabelText('Fallback limit');
    await user.type(fallback, '100');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post.received).toHaveLength(1));
    const sent = post.received[0] as { inverters: unknown[] };
    expect(sent.inverters).toEqual([
      controlConfig().inverters[0],
      {
        device: 'local',
        serial: garage!.serial,
        lower_w: 0,
        upper_w: garage!.limit_absolute > 0 ? Math.round(garage!.limit_absolute) : 800,
        fallback_w: 100,
        restore_w: null,
      },
    ]);
  });

  it('refuses a lower limit above the upper one and a target out of range, sending nothing', async () => {
    const post = recordPosts('api/exportcontrol/config', SAVED);
    server.use(post.handler);
    const { user } = await renderPage();
    const form = await screen.findByTestId('control-settings');
    const chosen = within(form).getByTestId(`governed-setting-${balcony!.serial}`);
    const lower = within(chosen).getByLabelText('Lower limit');
    await user.clear(lower);
    await user.type(lower, '900');
    const target = within(form).getByLabelText('Target grid power');
    await user.clear(target);
    await user.type(target, '20000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('The upper limit cannot be below the lower limit.'),
    ).toBeVisible();
    expect(within(form).getByText('Enter a number from -10000 to 10000.')).toBeVisible();
    expect(post.received).toHaveLength(0);
  });

  it('shows the field the gateway refused, at that field', async () => {
    server.use(
      http.post('*/api/exportcontrol/config', () =>
        HttpResponse.json(
          { ok: false, field: 'hysteresis_w', message: 'Hysteresis above what the fleet allows.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderPage();
    const form = await screen.findByTestId('control-settings');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The gateway refused a value: see the field marked below.'),
    ).toBeVisible();
    expect(
      within(form).getByText(
        'The gateway refused this value: Hysteresis above what the fleet allows.',
      ),
    ).toBeVisible();
  });
});
