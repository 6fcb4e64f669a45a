import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { UplotChart } from './uplot-chart';

// jsdom draws no canvas: a stand-in for uPlot keeps what the chart shell uses — the overlay the
// pointer events land on, the crosshair index (x value = index = position) and the hooks.
vi.mock('uplot', () => ({
  default: class FakePlot {
    over = document.createElement('div');
    cursor: { idx: number | null } = { idx: null };
    bbox = { height: 100 };
    width: number;
    private hooks: { setCursor?: ((u: FakePlot) => void)[] };
    constructor(
      options: { width: number; hooks?: { setCursor?: ((u: FakePlot) => void)[] } },
      _data: unknown,
      host: HTMLElement,
    ) {
      this.width = options.width;
      this.hooks = options.hooks ?? {};
      this.over.dataset['testid'] = 'over';
      host.append(this.over);
    }
    valToPos(value: number) {
      return value;
    }
    setCursor({ left }: { left: number }) {
      this.cursor.idx = left;
      for (const hook of this.hooks.setCursor ?? []) hook(this);
    }
    setSize() {}
    destroy() {
      this.over.remove();
    }
  },
}));

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

const DATA: [number[], (number | null)[]] = [
  [0, 1, 2],
  [5, null, 7],
];

function renderChart(onPick?: (idx: number) => void) {
  const props = {
    options: () => ({ series: [] }),
    data: DATA,
    summary: 'June 2025: yield 12 kWh',
    describe: (idx: number) => `bar ${idx}`,
    ...(onPick
      ? { onPick, canPick: (idx: number) => DATA[1][idx] !== null, pickHint: 'Press Enter' }
      : {}),
  };
  const view = renderWithProviders(<UplotChart {...props} />);
  const chart = screen.getByRole('group', { name: 'June 2025: yield 12 kWh' });
  return { ...view, chart, over: screen.getByTestId('over') };
}

/** A pointer press then click on the overlay, as a mouse or a finger gives them. */
function press(over: HTMLElement, pointerType: string) {
  const down = new Event('pointerdown', { bubbles: true });
  Object.defineProperty(down, 'pointerType', { value: pointerType });
  over.dispatchEvent(down);
  fireEvent.click(over);
}

describe('UplotChart', () => {
  it('opens the bar chosen with the arrow keys on Enter or Space, not an empty one', async () => {
    const onPick = vi.fn();
    const { user, chart } = renderChart(onPick);
    expect(chart).toHaveAccessibleDescription('Press Enter');
    chart.focus();
    await user.keyboard('{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    await user.keyboard('{Home}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(0);
    await user.keyboard('{ArrowRight} ');
    expect(onPick).toHaveBeenCalledTimes(1);
    await user.keyboard('{End} ');
    expect(onPick).toHaveBeenLastCalledWith(2);
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('opens the bar under the crosshair on a click; a tap first selects, a second tap opens', async () => {
    const onPick = vi.fn();
    const { user, chart, over } = renderChart(onPick);
    press(over, 'mouse');
    expect(onPick).not.toHaveBeenCalled();
    // The crosshair is put on a bar (the keyboard here; uPlot moves it with the pointer).
    chart.focus();
    await user.keyboard('{End}');
    expect(over.style.cursor).toBe('pointer');
    press(over, 'mouse');
    expect(onPick).toHaveBeenLastCalledWith(2);
    press(over, 'touch');
    expect(onPick).toHaveBeenCalledTimes(1);
    press(over, 'touch');
    expect(onPick).toHaveBeenCalledTimes(2);
    await user.keyboard('{ArrowLeft}');
    expect(over.style.cursor).toBe('');
    press(over, 'mouse');
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('opens nothing and describes no keys without onPick', async () => {
    const { user, chart, over } = renderChart();
    expect(chart).not.toHaveAccessibleDescription();
    chart.focus();
    await user.keyboard('{Home}{Enter}');
    expect(over.style.cursor).toBe('');
    press(over, 'mouse');
    expect(screen.queryByText('Press Enter')).not.toBeInTheDocument();
  });
});
