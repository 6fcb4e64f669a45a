import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import './power-control.scss';
import { useThemeStore } from '@/lib/theme-store';
import { readChartColors, type ChartColors } from './chart-colors';

const PHONE = 576;
const heightFor = (width: number) => (width < PHONE ? 220 : 280);

/**
 * A uPlot canvas that follows its container's width and the colour theme (the History screen's
 * pattern): built again when the options, data or theme change.
 */
export function UplotCanvas({
  options,
  data,
  summary,
}: {
  options(colors: ChartColors): Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  /** The chart's text summary: its accessible name. */
  summary: string;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const theme = useThemeStore((state) => state.resolved);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const width = Math.max(host.clientWidth, 200);
    const plot = new uPlot(
      { ...options(readChartColors()), width, height: heightFor(width) },
      data,
      host,
    );
    const observer = new ResizeObserver(() => {
      const next = Math.max(host.clientWidth, 200);
      if (next !== plot.width) plot.setSize({ width: next, height: heightFor(next) });
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
    // The colours are read from the CSS variables, so a theme change must rebuild the chart.
  }, [options, data, theme]);
  return (
    <figure className="power-chart mb-0">
      <div ref={hostRef} role="img" aria-label={summary} />
    </figure>
  );
}
