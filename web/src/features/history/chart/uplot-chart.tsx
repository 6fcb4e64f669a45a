import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import '../history.scss';
import { useThemeStore } from '@/lib/theme-store';
import { readChartTheme, type ChartTheme } from './chart-theme';

export interface UplotChartProps {
  /** The options for this theme and width (size is set here). */
  options(theme: ChartTheme, width: number): Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  /** The chart's text summary: its accessible name. */
  summary: string;
  /** The values at data index `idx`, spoken when the keyboard moves the crosshair. */
  describe(idx: number): string;
  height?: number;
  /** A performance.measure() name for the time from building to the first drawn frame (bench). */
  measure?: string;
}

const PHONE = 576;

/**
 * A uPlot canvas that follows its container's width and the colour theme. The crosshair and the
 * legend readout follow the mouse or touch, and the arrow keys (Home/End) when focused; the
 * values under a keyboard-moved crosshair are announced.
 */
export function UplotChart(props: UplotChartProps) {
  const { options, data, summary, describe, height, measure } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const [spoken, setSpoken] = useState('');
  const theme = useThemeStore((state) => state.resolved);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const begin = performance.now();
    const width = Math.max(host.clientWidth, 200);
    const chartHeight = height ?? (width < PHONE ? 220 : 300);
    const built = options(readChartTheme(), width);
    let drawn = false;
    const onDraw = () => {
      if (drawn || !measure) return;
      drawn = true;
      performance.measure(measure, { start: begin, end: performance.now() });
    };
    const hooks = { ...built.hooks, draw: [...(built.hooks?.draw ?? []), onDraw] };
    const plot = new uPlot({ ...built, hooks, width, height: chartHeight }, data, host);
    plotRef.current = plot;
    const observer = new ResizeObserver(() => {
      const next = Math.max(host.clientWidth, 200);
      if (next !== plot.width)
        plot.setSize({ width: next, height: height ?? (next < PHONE ? 220 : 300) });
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
    // The theme is read from the CSS variables, so a theme change must rebuild the chart.
  }, [options, data, theme, height, measure]);

  const onKeyDown = (event: KeyboardEvent) => {
    const plot = plotRef.current;
    const count = data[0].length;
    if (!plot || count === 0) return;
    const current = plot.cursor.idx ?? -1;
    const target =
      event.key === 'ArrowRight'
        ? Math.min(count - 1, current + 1)
        : event.key === 'ArrowLeft'
          ? Math.max(0, current < 0 ? count - 1 : current - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    const x = data[0][target] ?? 0;
    plot.setCursor({ left: plot.valToPos(x, 'x'), top: plot.bbox.height / devicePixelRatio / 2 });
    setSpoken(describe(target));
  };

  return (
    <figure className="history-chart mb-0">
      <div
        ref={hostRef}
        className="history-chart-canvas"
        role="group"
        tabIndex={0}
        aria-label={summary}
        onKeyDown={onKeyDown}
        onBlur={() => setSpoken('')}
      />
      <div className="visually-hidden" aria-live="polite">
        {spoken}
      </div>
    </figure>
  );
}
