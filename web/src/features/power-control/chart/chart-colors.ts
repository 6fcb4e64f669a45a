/** The chart's colours, read from Bootstrap's CSS variables of the theme shown now. */
export interface ChartColors {
  text: string;
  grid: string;
  /** Grid power, production, target, total limit. */
  series: [string, string, string, string];
}

export function readChartColors(element: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--bs-secondary-color', '#6c757d'),
    grid: read('--bs-border-color-translucent', 'rgba(0,0,0,0.175)'),
    series: [
      read('--bs-primary', '#0d6efd'),
      read('--bs-success', '#198754'),
      read('--bs-secondary-color', '#6c757d'),
      read('--bs-orange', '#fd7e14'),
    ],
  };
}
