import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';
import { gatewayReach } from '@/lib/gateway-reach';
import { FakeSocket } from '@/testing/fake-socket';
import { fullInverter, liveMessage, oneInverterStatus } from '@/testing/live-samples';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LivePage } from './live-page';
import { liveActions } from './live-store';
import { liveHandlers } from './testing/live-handlers';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';

const [balcony, garage] = liveDataStatusFixture.inverters;

async function renderPage(options: { loggedIn?: boolean; status?: JsonBodyType } = {}) {
  server.use(
    liveHandlers.status(options.status),
    liveHandlers.systemStatus(),
    liveHandlers.ntpStatus(),
  );
  const view = renderWithProviders(<LivePage />, { loggedIn: options.loggedIn ?? false });
  await screen.findByTestId('totals');
  return view;
}

beforeEach(() => {
  liveActions.reset();
  // These tests are about the inverter tabs; the overview has its own (overview/*.test.tsx).
  liveActions.select(balcony!.serial);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LivePage', () => {
  it('shows totals, one pill per inverter and waits for the channels', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Live Data' })).toBeInTheDocument();
    expect(screen.getByTestId('total-YieldTotal')).toHaveTextContent('8,359.126 kWh');
    expect(screen.getByTestId('total-Power')).toHaveTextContent('3,388.5 W');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.trim())).toEqual([
      'Overview',
      'Balcony',
      'Garage roof',
      'Barn',
    ]);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('waiting')).toHaveTextContent('can take up to 10 seconds');
    expect(FakeSocket.latest.url).toBe('ws://localhost:3000/livedata');
  });

  it('marks the socket online and renders every channel of a message', async () => {
    await renderPage();
    expect(screen.getByRole('img', { name: 'Live connection lost' })).toBeInTheDocument();
    act(() => FakeSocket.latest.acceptOpen());
    expect(screen.getByRole('img', { name: 'Live connection open' })).toBeInTheDocument();
    act(() => FakeSocket.latest.push(liveDataMessageFixture));
    const panel = screen.getByTestId(`inverter-${fullInverter.serial}`);
    const cards = within(panel).getAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual([
      'General',
      'Phase 1',
      'Balcony left (String 1)',
      'Balcony right (String 2)',
      'Radio statistics',
    ]);
    const string1 = screen.getByTestId('channel-DC-0');
    expect(within(string1).getByRole('rowheader', { name: /Irradiation/ })).toHaveTextContent(
      '(410 Wp)',
    );
    expect(string1).toHaveTextContent('50.829%');
    expect(screen.getByTestId('channel-AC-0')).toHaveTextContent('Power402.7W');
    expect(screen.getByTestId('channel-INV-0')).toHaveTextContent('DC power416.4W');
    expect(screen.getByTestId('inverter-header')).toHaveClass('text-bg-primary');
    expect(screen.getByTestId('current-limit')).toHaveTextContent('800 W | 100.0 %');
    expect(screen.getByTestId('event-count')).toHaveTextContent('2');
    expect(screen.getAllByRole('tab')[1]).toHaveTextContent('Balcony402.7 W');
  });

  it('colours the header by state and switches tabs by click and arrow keys', async () => {
    const { user } = await renderPage();
    act(() => FakeSocket.latest.push(liveMessage({ producing: false })));
    expect(screen.getByTestId('inverter-header')).toHaveClass('text-bg-warning');
    act(() => FakeSocket.latest.push(liveMessage({ reachable: false, producing: false })));
    expect(screen.getByTestId('inverter-header')).toHaveClass('text-bg-danger');
    act(() => FakeSocket.latest.push(liveMessage({ poll_enabled: false })));
    expect(screen.getByTestId('inverter-header')).toHaveClass('bg-body-tertiary');
    await user.click(screen.getByRole('tab', { name: /Garage roof/ }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent(garage!.serial);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Barn/ })).toHaveFocus();
    expect(screen.getByRole('tab', { name: /Barn/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(localStorage.getItem('liveTab')).toBe('overview');
  });

  it('hides the pills with a single inverter', async () => {
    await renderPage({ status: oneInverterStatus });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByTestId(`inverter-${balcony!.serial}`)).toBeInTheDocument();
  });

  it('disables limit, power and stats reset when logged out', async () => {
    const { user } = await renderPage();
    expect(screen.getByRole('button', { name: 'Show or set the inverter limit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Turn the inverter on or off' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show inverter info' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Show the grid profile' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Radio statistics' }));
    expect(screen.getByRole('button', { name: 'Reset statistics' })).toBeDisabled();
  });

  it('enables them when logged in, and the limit button opens its dialog', async () => {
    server.use(liveHandlers.limitStatus());
    const { user } = await renderPage({ loggedIn: true });
    await user.click(screen.getByRole('button', { name: 'Radio statistics' }));
    expect(screen.getByRole('button', { name: 'Reset statistics' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Show or set the inverter limit' }));
    expect(await screen.findByRole('dialog', { name: 'Limit settings' })).toBeInTheDocument();
  });

  it('shows RSSI and signal quality', async () => {
    const { user } = await renderPage();
    act(() =>
      FakeSocket.latest.push(
        liveMessage({ radio_stats: { ...fullInverter.radio_stats, rssi: -70 } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Radio statistics' }));
    const rssiRow = screen.getByTestId('rssi').closest('tr')!;
    expect(rssiRow).toHaveTextContent('-70 dBm');
    expect(rssiRow).toHaveTextContent('Signal quality 60%');
  });

  it('hides the event log button when the model has no event log', async () => {
    await renderPage({ status: oneInverterStatus });
    act(() => FakeSocket.latest.push(liveMessage({ events: -1 })));
    expect(screen.queryByRole('button', { name: /Show the event log/ })).not.toBeInTheDocument();
  });

  it('tells where to add an inverter when there is none', async () => {
    await renderPage({ status: { ...liveDataStatusFixture, inverters: [] } });
    expect(screen.getByRole('link', { name: 'Add one in the inverter settings.' })).toHaveAttribute(
      'href',
      '/settings/inverter',
    );
  });

  it('shows the hints with their links', async () => {
    await renderPage({
      status: {
        ...liveDataStatusFixture,
        hints: { time_sync: false, radio_problem: true, default_password: true },
      },
    });
    expect(screen.getByTestId('hint-radio')).toHaveTextContent('check its wiring');
    expect(screen.getByRole('link', { name: 'Change the password.' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
  });

  it('shows the pin-mapping hint of a v26 device with a link to the device manager', async () => {
    await renderPage({
      status: {
        ...liveDataStatusFixture,
        hints: {
          time_sync: false,
          radio_problem: false,
          default_password: false,
          pin_mapping_issue: true,
        },
      },
    });
    expect(screen.getByTestId('hint-pin-mapping')).toHaveTextContent(
      'needs a pin mapping that is not selected',
    );
    expect(screen.getByRole('link', { name: 'Choose the pin mapping' })).toHaveAttribute(
      'href',
      '/settings/device',
    );
  });

  it.each([
    ['false (v26)', { pin_mapping_issue: false }],
    ['absent (v24)', {}],
  ])('shows no pin-mapping hint when it is %s', async (_case, extra) => {
    await renderPage({
      status: {
        ...liveDataStatusFixture,
        hints: { time_sync: false, radio_problem: true, default_password: false, ...extra },
      },
    });
    expect(screen.getByTestId('hint-radio')).toBeInTheDocument();
    expect(screen.queryByTestId('hint-pin-mapping')).toBeNull();
  });

  describe('on a companion (issue 24)', () => {
    const device = companionDeviceFixture;
    const companionAnswers = (answer: Partial<typeof device>) => {
      const asked = { count: 0 };
      server.use(
        http.get('*/api/companion/status', () => {
          asked.count += 1;
          return HttpResponse.json({ companion: true, devices: [{ ...device, ...answer }] });
        }),
      );
      return asked;
    };

    it('says since when the device has not answered, keeping its last values', async () => {
      const since = Date.UTC(2025, 5, 21, 10, 4, 5) / 1000;
      companionAnswers({ reachable: false, unreachable_since: since });
      await renderPage();
      const hint = await screen.findByTestId('hint-device-away');
      expect(hint).toHaveTextContent(
        /^The OpenDTU at http:\/\/192\.168\.1\.50 has not answered since .*2025/,
      );
      expect(hint).toHaveTextContent('the companion keeps trying to reconnect');
      expect(screen.getByTestId('total-Power')).toHaveTextContent('3,388.5 W');
    });

    it('says why in plain words: a wrong stored password', async () => {
      const since = Date.UTC(2025, 5, 21, 10, 4, 5) / 1000;
      companionAnswers({
        reachable: false,
        unreachable_since: since,
        problem: {
          code: 'wrong-password',
          message:
            "http://192.168.1.50 refused the password (401): check the device's admin password",
        },
      });
      await renderPage();
      const problem = await screen.findByTestId('device-problem');
      expect(problem).toHaveTextContent(
        "The device refused the stored password: set the device's admin password (DTU_PASSWORD).",
      );
      expect(screen.getByTestId('hint-device-away')).toContainElement(problem);
    });

    it('says a device that answers but is not an OpenDTU, even while its socket is open', async () => {
      companionAnswers({
        problem: {
          code: 'not-opendtu',
          message: 'http://192.168.1.50 answers with a web page: not an OpenDTU at this address',
        },
      });
      await renderPage();
      const hint = await screen.findByTestId('hint-device-away');
      expect(hint).toHaveTextContent(
        /^The address answers, but not as an OpenDTU: check the device address \(DTU_URL\)\.$/,
      );
    });

    it('keeps loading from the companion while the device is away: no "gateway away" notice', async () => {
      const since = Date.UTC(2025, 5, 21, 10, 4, 5) / 1000;
      companionAnswers({ reachable: false, unreachable_since: since });
      let liveAsked = 0;
      server.use(
        liveHandlers.systemStatus(),
        liveHandlers.ntpStatus(),
        http.get('*/api/livedata/status', () => {
          liveAsked += 1;
          return HttpResponse.json(
            { type: 'danger', message: 'refused', device: 'dtu', problem: 'refused' },
            { status: 503, headers: { 'X-HelioDTU-Device-Problem': 'refused' } },
          );
        }),
      );
      const lost = vi.spyOn(gatewayReach, 'lost');
      renderWithProviders(<LivePage />);
      await screen.findByTestId('hint-device-away');
      // The failed first load has been read by the page (its spinner is gone).
      await waitFor(() => expect(liveAsked).toBeGreaterThan(0));
      await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByText(/The gateway (cannot be reached|did not answer)/)).toBeNull();
      expect(screen.queryByTestId('connection-notice')).toBeNull();
      // The companion answered: nothing tells the shell the gateway is away.
      expect(lost).not.toHaveBeenCalled();
      lost.mockRestore();
    });

    it('says nothing while the device is reachable', async () => {
      const asked = companionAnswers(device);
      await renderPage();
      // The companion's answer has arrived before the hint is looked for.
      await waitFor(() => expect(asked.count).toBeGreaterThan(0));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByTestId('hint-device-away')).toBeNull();
    });
  });

  it('reload closes the socket, waits a second, refetches and reconnects', async () => {
    let fetched = 0;
    server.use(
      http.get('*/api/livedata/status', () => {
        fetched += 1;
        return HttpResponse.json(liveDataStatusFixture);
      }),
      liveHandlers.systemStatus(),
      liveHandlers.ntpStatus(),
    );
    const { user } = renderWithProviders(<LivePage />);
    await screen.findByTestId('totals');
    const first = FakeSocket.latest;
    act(() => first.acceptOpen());
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(first.isClosed).toBe(true);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
    expect(fetched).toBe(2);
    expect(await screen.findByTestId('totals')).toBeInTheDocument();
  });

  it('builds the socket URL with the stored credentials', async () => {
    await renderPage({ loggedIn: true });
    // Userinfo for a device's challenge, `auth` for our gateway.
    expect(FakeSocket.latest.url).toBe(
      `ws://admin:openDTU42@localhost:3000/livedata?auth=${encodeURIComponent(btoa('admin:openDTU42'))}`,
    );
  });
});
