import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { devInfoFixture } from '@heliodtu/contract/fixtures/dev-info';
import { liveDataStatusFixture } from '@heliodtu/contract/fixtures/live-data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LivePage } from './live-page';
import { liveActions, OVERVIEW } from './live-store';
import { liveHandlers } from './testing/live-handlers';

const [balcony, garageRoof] = liveDataStatusFixture.inverters;
const AWAY_SINCE = 1_764_000_100;
const DEVICES: CompanionDevice[] = [
  { ...companionDeviceFixture, id: 'roof', name: 'Roof' },
  {
    ...companionDeviceFixture,
    id: 'shed',
    name: 'Shed',
    reachable: false,
    unreachable_since: AWAY_SINCE,
    connected_since: null,
  },
];
/**
 * Behind a companion with two devices: Roof has Balcony and Garage roof, Shed has Barn and an
 * inverter with Balcony's serial (moved, or a misconfiguration).
 */
const STATUS = {
  ...liveDataStatusFixture,
  inverters: [
    { ...balcony!, dtu: 'roof' },
    { ...garageRoof!, dtu: 'roof' },
    { ...balcony!, name: 'Balcony (old)', order: 0, dtu: 'shed' },
    { ...garageRoof!, serial: '1164a1130001', name: 'Barn', order: 1, dtu: 'shed' },
  ],
};

function serve() {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.includes('companion')) asked.push(url.pathname + url.search);
  });
  server.use(
    http.get('*/api/companion/status', () =>
      HttpResponse.json({ companion: true, devices: DEVICES }),
    ),
    liveHandlers.status(STATUS),
    liveHandlers.systemStatus(),
    liveHandlers.ntpStatus(),
    liveHandlers.limitStatus({}),
    http.get('*/api/devinfo/status', () => HttpResponse.json(devInfoFixture)),
  );
  return asked;
}

beforeEach(() => {
  liveActions.reset();
  liveActions.select(OVERVIEW);
});

const tileNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('article')
    .map((tile) => within(tile).getByRole('heading', { level: 3 }).textContent);

describe('Live view behind a companion with several devices', () => {
  it('groups the tiles under each device in device order, with its state', async () => {
    serve();
    renderWithProviders(<LivePage />);
    const roof = await screen.findByTestId('device-group-roof');
    const shed = screen.getByTestId('device-group-shed');
    const groups = screen.getAllByTestId(/^device-group-/).map((group) => group.dataset['testid']);
    expect(groups).toEqual(['device-group-roof', 'device-group-shed']);
    expect(within(roof).getByRole('heading', { level: 2 })).toHaveTextContent('Roof');
    expect(within(roof).getByTestId('device-state')).toHaveTextContent('Connected');
    expect(tileNames(roof)).toEqual(['Balcony', 'Garage roof']);
    expect(within(shed).getByRole('heading', { level: 2 })).toHaveTextContent('Shed');
    expect(within(shed).getByTestId('device-state')).toHaveTextContent(/^Away since/);
    expect(tileNames(shed)).toEqual(['Balcony (old)', 'Barn']);
    // No page-wide banner for one away device among several: its group says it.
    expect(screen.queryByTestId('hint-device-away')).toBeNull();
  });

  it('shows a serial found on two devices on both, each marked, never merged', async () => {
    serve();
    renderWithProviders(<LivePage />);
    const roof = await screen.findByTestId('device-group-roof');
    const shed = screen.getByTestId('device-group-shed');
    const marks = screen.getAllByTestId('tile-collision');
    expect(marks).toHaveLength(2);
    expect(within(roof).getByTestId('tile-collision')).toHaveTextContent(
      'The same serial number is also on Shed',
    );
    expect(within(shed).getByTestId('tile-collision')).toHaveTextContent(
      'The same serial number is also on Roof',
    );
    // One tab per inverter of each device, named with its device.
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent?.trim());
    expect(tabs).toEqual([
      'Overview',
      'Balcony(Roof)',
      'Garage roof(Roof)',
      'Balcony (old)(Shed)',
      'Barn(Shed)',
    ]);
  });

  it("asks an inverter's own device for its dialogs", async () => {
    const asked = serve();
    const { user } = renderWithProviders(<LivePage />);
    const shed = await screen.findByTestId('device-group-shed');
    await user.click(within(shed).getByRole('button', { name: 'Balcony (old)' }));
    const panel = await screen.findByTestId(`inverter-shed/${balcony!.serial}`);
    await user.click(within(panel).getByRole('button', { name: 'Show inverter info' }));
    await screen.findByRole('dialog');
    await waitFor(() =>
      expect(asked).toContain(`/dtu/shed/api/devinfo/status?inv=${balcony!.serial}`),
    );
    expect(asked.filter((path) => path.includes('devinfo'))).toHaveLength(1);
  });
});
