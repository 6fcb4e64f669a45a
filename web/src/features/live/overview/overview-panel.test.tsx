import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fullInverter } from '@/testing/live-samples';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { liveActions } from '../live-store';
import type { LiveInverter } from '../merge-live-update';
import { liveHandlers } from '../testing/live-handlers';
import { stringKey, useWeakStringStore } from '../weak-string-store';
import { OverviewPanel } from './overview-panel';

/** An inverter like the fixture's Balcony, with its own name, serial, AC power and yield. */
function inverter(serial: string, name: string, power: number, yieldDay: number): LiveInverter {
  const ac = fullInverter.AC['0']!;
  const inv = fullInverter.INV['0']!;
  return {
    ...fullInverter,
    serial,
    name,
    limit_absolute: 800,
    AC: { '0': { ...ac, Power: { ...ac.Power, v: power } } },
    INV: { '0': { ...inv, YieldDay: { ...inv.YieldDay, v: yieldDay } } },
  };
}

const FLEET = [
  inverter('111111111111', 'Carport', 700, 900),
  inverter('222222222222', 'Attic', 600, 300),
  inverter('333333333333', 'Barn', 400, 1500),
];

const tileNames = () =>
  screen.getAllByRole('article').map((tile) => within(tile).getAllByRole('button')[0]?.textContent);

beforeEach(() => {
  liveActions.reset();
  useWeakStringStore.setState({ tracks: {} });
  liveActions.snapshot({ inverters: FLEET });
});

describe('OverviewPanel', () => {
  it('sorts by name, power and yield', async () => {
    const { user } = renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    expect(tileNames()).toEqual(['Attic', 'Barn', 'Carport']);
    expect(screen.getByRole('button', { name: 'Name' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Power' }));
    expect(tileNames()).toEqual(['Carport', 'Attic', 'Barn']);
    expect(screen.getByRole('button', { name: 'Power' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Yield today' }));
    expect(tileNames()).toEqual(['Barn', 'Carport', 'Attic']);
    // A new reading re-sorts (within the overview's one-second refresh): the carport now yields most.
    act(() => liveActions.message({ inverters: [inverter('111111111111', 'Carport', 700, 2000)] }));
    expect(tileNames()).toEqual(['Barn', 'Carport', 'Attic']);
    await waitFor(() => expect(tileNames()).toEqual(['Carport', 'Barn', 'Attic']), {
      timeout: 2_000,
    });
  });

  it('shows state, power, share of the limit, yield, age and every string', () => {
    renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    const tile = screen.getByRole('article', { name: 'Attic' });
    expect(within(tile).getByRole('img', { name: 'Producing' })).toBeInTheDocument();
    expect(within(tile).getByTestId('tile-power')).toHaveTextContent('600.0 W');
    expect(
      within(tile).getByRole('img', { name: '75 % of the limit of 800 W' }),
    ).toBeInTheDocument();
    expect(within(tile).getByTestId('tile-yield')).toHaveTextContent('Today: 300 Wh');
    const rows = within(tile).getAllByRole('row').slice(1);
    const dc = fullInverter.DC;
    expect(rows).toHaveLength(Object.keys(dc).length);
    expect(rows[0]).toHaveTextContent(dc['0']!.name.u);
    expect(rows[0]).toHaveTextContent(`${(dc['0']!.Power.v ?? 0).toFixed(1)} W`);
    expect(rows[0]).toHaveTextContent(`${Math.round(dc['0']!.Irradiation!.v ?? 0)} %`);
    expect(within(tile).queryByTestId('weak-string')).toBeNull();
  });

  it("draws an inverter's first full data at once, not with the next one-second redraw", () => {
    // The first list has no strings (wire-contract §4.2); they come with the socket's messages.
    const partial = FLEET.map(({ AC: _ac, DC: _dc, INV: _inv, ...common }) => common);
    liveActions.reset();
    liveActions.snapshot({ inverters: partial });
    renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    const tile = screen.getByRole('article', { name: 'Attic' });
    expect(within(tile).queryAllByRole('row')).toHaveLength(0);
    act(() => liveActions.message({ inverters: [FLEET[1]!] }));
    const rows = within(screen.getByRole('article', { name: 'Attic' })).getAllByRole('row');
    expect(rows.slice(1)).toHaveLength(Object.keys(fullInverter.DC).length);
  });

  it('opens an inverter with a click on its name', async () => {
    const onOpen = vi.fn();
    const { user } = renderWithProviders(<OverviewPanel onOpen={onOpen} />);
    await user.click(screen.getByRole('button', { name: 'Barn' }));
    expect(onOpen).toHaveBeenCalledWith('333333333333');
  });

  it('marks a weak string with why and since when', async () => {
    useWeakStringStore.setState({
      tracks: {
        [stringKey('222222222222', '1')]: {
          at: Date.UTC(2025, 5, 21, 12, 40),
          belowSince: Date.UTC(2025, 5, 21, 12, 4),
          share: 0.3,
        },
      },
    });
    renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    const tile = screen.getByRole('article', { name: 'Attic' });
    const mark = within(tile).getByRole('button', { name: 'Weak string' });
    expect(within(tile).getAllByRole('row')[2]).toContainElement(mark);
    act(() => mark.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      /only 30 % of what the other strings.*since 12:04/,
    );
    expect(mark).toHaveAccessibleDescription(/since 12:04/);
  });

  it('points to the inverter settings when a string has no Wp', () => {
    const dc = fullInverter.DC;
    const { Irradiation: _none, ...noWp } = dc['1']!;
    liveActions.snapshot({
      inverters: [...FLEET.slice(1), { ...FLEET[0]!, DC: { ...dc, '1': noWp } }],
    });
    renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    const tile = screen.getByRole('article', { name: 'Carport' });
    expect(within(tile).getByRole('link', { name: /Set the strings' peak power/ })).toHaveAttribute(
      'href',
      '/settings/inverter?edit=111111111111',
    );
    expect(within(tile).getAllByRole('row')[2]).toHaveTextContent('–');
  });

  it('shows the share of the maximum power, marked as such, while the limit is not read yet', async () => {
    // After a start the DTU reads the limit only after about 4 minutes: the live data say 0 %
    // (0 W) with the maximum power known, or -1 W while the device info is not read either.
    const notRead = { ...FLEET[1]!, limit_relative: 0, limit_absolute: 0 };
    const noDevInfo = { ...FLEET[2]!, limit_relative: 0, limit_absolute: -1 };
    liveActions.snapshot({ inverters: [FLEET[0]!, notRead, noDevInfo] });
    server.use(
      liveHandlers.limitStatus({
        '111111111111': { limit_relative: 100, max_power: 800, limit_set_status: 'Ok' },
        '222222222222': { limit_relative: 0, max_power: 2000, limit_set_status: 'Ok' },
        '333333333333': { limit_relative: 0, max_power: 0, limit_set_status: 'Ok' },
      }),
    );
    renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    const attic = screen.getByRole('article', { name: 'Attic' });
    expect(within(attic).getByTestId('tile-limit-not-read')).toHaveTextContent(
      /^Limit not read yet$/,
    );
    await waitFor(() =>
      expect(within(attic).getByTestId('tile-limit-not-read')).toHaveTextContent(
        'Limit not read yet: 30 % of the maximum power of 2,000 W',
      ),
    );
    expect(within(attic).queryByRole('img', { name: /limit/ })).toBeNull();
    const barn = screen.getByRole('article', { name: 'Barn' });
    expect(
      within(barn).getByRole('img', {
        name: 'Share of the limit unknown (maximum power not known yet)',
      }),
    ).toBeInTheDocument();
    expect(within(barn).queryByTestId('tile-limit-not-read')).toBeNull();
    const carport = screen.getByRole('article', { name: 'Carport' });
    expect(
      within(carport).getByRole('img', { name: '88 % of the limit of 800 W' }),
    ).toBeInTheDocument();
  });
});

/**
 * A stand-in for the browser's IntersectionObserver: the test says which tile is on screen.
 * jsdom has none (every tile then counts as on screen).
 */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.targets.add(element);
  }
  unobserve(element: Element) {
    this.targets.delete(element);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
}

/** Reports a tile (by its inverter's name) as in or out of the viewport. */
function reportTile(name: string, onScreen: boolean) {
  const element = screen.getByRole('article', { name }).closest('li')!;
  const observer = FakeIntersectionObserver.instances.find((o) => o.targets.has(element));
  expect(observer, `${name}'s tile is observed`).toBeDefined();
  const entry = {
    target: element,
    isIntersecting: onScreen,
  } as unknown as IntersectionObserverEntry;
  act(() => observer!.callback([entry], observer as unknown as IntersectionObserver));
}

const power = (name: string) =>
  within(screen.getByRole('article', { name })).getByTestId('tile-power').textContent;

describe('OverviewPanel with tiles off screen', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    return () => vi.unstubAllGlobals();
  });

  it('keeps the figures of a tile off screen and catches up as soon as it is back', async () => {
    renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    expect(power('Barn')).toBe('400.0 W');
    reportTile('Barn', false);
    reportTile('Attic', true);
    act(() =>
      liveActions.message({
        inverters: [
          inverter('333333333333', 'Barn', 999, 1500),
          inverter('222222222222', 'Attic', 555, 300),
        ],
      }),
    );
    // The tile on screen gets the message with the overview's next redraw...
    await waitFor(() => expect(power('Attic')).toBe('555.0 W'), { timeout: 2_000 });
    // ...the one off screen does not.
    expect(power('Barn')).toBe('400.0 W');
    // Back on screen: at once, without waiting for the next redraw.
    reportTile('Barn', true);
    expect(power('Barn')).toBe('999.0 W');
  });

  it('does not render a tile off screen again on a message', async () => {
    renderWithProviders(<OverviewPanel onOpen={() => undefined} />);
    reportTile('Barn', false);
    const barn = screen.getByRole('article', { name: 'Barn' });
    const text = barn.textContent;
    // Any re-render would rewrite the tile's age ("Age: 0 seconds" grows with the clock).
    const rendered = vi.fn();
    const observer = new MutationObserver(rendered);
    observer.observe(barn, {
      subtree: true,
      characterData: true,
      childList: true,
      attributes: true,
    });
    act(() => liveActions.message({ inverters: [inverter('333333333333', 'Barn', 999, 1500)] }));
    act(() => liveActions.message({ inverters: [inverter('111111111111', 'Carport', 1, 1)] }));
    await waitFor(() => expect(power('Carport')).toBe('1.0 W'), { timeout: 2_000 });
    observer.disconnect();
    expect(rendered).not.toHaveBeenCalled();
    expect(barn.textContent).toBe(text);
  });
});
