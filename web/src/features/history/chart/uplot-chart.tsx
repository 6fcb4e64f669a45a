import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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
  /** Opens what data index `idx` stands for (a bar's period); absent: nothing to open. */
  onPick?(idx: number): void;
  /** Whether index `idx` can be opened (a bar with data); every index when absent. */
  canPick?(idx: number): boolean;
  /** How to open with the keyboard, read after the summary (only with onPick). */
  pickHint?: string;
}

interface Pick {
  onPick: ((idx: number) => void) | undefined;
  canPick: ((idx: number) => boolean) | undefined;
}

const pickable = (pick: Pick, idx: number | null | undefined): idx is number =>
  idx !== null && idx !== undefined && !!pick.onPick && (pick.canPick?.(idx) ?? true);

const PHONE = 576;

/**
 * A uPlot canvas that follows its container's width and the colour theme. The crosshair and the
 * legend readout follow the mouse or touch, and the arrow keys (Home/End) when focused; the
 * values under a keyboard-moved crosshair are announced. With `onPick`, a click (Enter or Space
 * on the keyboard) opens the index under the crosshair; a tap first selects, a second tap on the
 * same index opens, so a phone can still read a bar's value.
 */
export function UplotChart(props: UplotChartProps) {
  const { options, data, summary, describe, height, measure, onPick, canPick, pickHint } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // The latest handlers, read by the uPlot listeners without rebuilding the chart.
  const pickRef = useRef<Pick>({ onPick, canPick });
  const [spoken, setSpoken] = useState('');
  const theme = useThemeStore((state) => state.resolved);
  const hintId = useId();

  useEffect(() => {
    pickRef.current = { onPick, canPick };
  }, [onPick, canPick]);

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
    const onCursor = (u: uPlot) => {
      u.over.style.cursor = pickable(pickRef.current, u.cursor.idx) ? 'pointer' : '';
    };
    const hooks = {
      ...built.hooks,
      draw: [...(built.hooks?.draw ?? []), onDraw],
      setCursor: [...(built.hooks?.setCursor ?? []), onCursor],
    };
    const plot = new uPlot({ ...built, hooks, width, height: chartHeight }, data, host);
    plotRef.current = plot;
    let pointer = 'mouse';
    let tapped: number | null = null;
    const onPointerDown = (event: PointerEvent) => {
      pointer = event.pointerType;
    };
    const onClick = () => {
      const idx = plot.cursor.idx;
      if (!pickable(pickRef.current, idx)) return;
      if ((pointer === 'touch' || pointer === 'pen') && tapped !== idx) {
        tapped = idx;
        return;
      }
      pickRef.current.onPick?.(idx);
    };
    plot.over.addEventListener('pointerdown', onPointerDown);
    plot.over.addEventListener('click', onClick);
    const observer = new ResizeObserver(() => {
      const next = Math.max(host.clientWidth, 200);
      if (next !== plot.width)
        plot.setSize({ width: next, height: height ?? (next < PHONE ? 220 : 300) });
    });
    observer.observe(host);
    return () => {
      plot.over.removeEventListener('pointerdown', onPointerDown);
      plot.over.removeEventListener('click', onClick);
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
    if (event.key === 'Enter' || event.key === ' ') {
      const idx = plot.cursor.idx;
      if (!pickable(pickRef.current, idx)) return;
      event.preventDefault();
      pickRef.current.onPick?.(idx);
      return;
    }
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
        aria-describedby={onPick && pickHint ? hintId : undefined}
        onKeyDown={onKeyDown}
        onBlur={() => setSpoken('')}
      />
      {onPick && pickHint && (
        <div id={hintId} className="visually-hidden">
          {pickHint}
        </div>
      )}
      <div className="visually-hidden" aria-live="polite">
        {spoken}
      </div>
    </figure>
  );
}
