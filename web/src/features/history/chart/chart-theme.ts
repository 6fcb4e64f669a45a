/** Colours of a chart, read from Bootstrap's CSS variables of the theme shown now. */
export interface ChartTheme {
  text: string;
  grid: string;
  /** One colour per series: the fleet first, then inverters and strings. */
  palette: string[];
  /** The house's flow (issue 35): its curves and the parts of the bars. */
  flow: {
    consumption: string;
    grid: string;
    selfConsumed: string;
    exported: string;
    imported: string;
    /** A bar's yield from before the meter: neutral, apart from self-consumed green. */
    noMeter: string;
  };
}

// Bootstrap's named colours; every theme defines them, and they stay apart on light and dark.
const PALETTE_VARS = [
  '--bs-success',
  '--bs-primary',
  '--bs-orange',
  '--bs-purple',
  '--bs-cyan',
  '--bs-pink',
  '--bs-yellow',
  '--bs-teal',
  '--bs-red',
  '--bs-indigo',
];

export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--bs-secondary-color', '#6c757d'),
    grid: read('--bs-border-color-translucent', 'rgba(0,0,0,0.175)'),
    palette: PALETTE_VARS.map((name, i) => read(name, ['#198754', '#0d6efd'][i % 2] ?? '#198754')),
    flow: {
      consumption: read('--bs-orange', '#fd7e14'),
      // The theme's text colour (dark on light, light on dark), dashed: no inverter has it, so
      // the grid line never reads as one of them (indigo was the Barn's purple's twin).
      grid: read('--bs-emphasis-color', '#000'),
      selfConsumed: read('--bs-success', '#198754'),
      exported: read('--bs-info', '#0dcaf0'),
      imported: read('--bs-danger', '#dc3545'),
      noMeter: read('--bs-gray-500', '#adb5bd'),
    },
  };
}

export function seriesColor(theme: ChartTheme, index: number): string {
  return theme.palette[index % theme.palette.length] ?? '#198754';
}

/** The theme with a palette that leaves out the house's curve colours (a day with grid data). */
export function withoutFlowColours(theme: ChartTheme): ChartTheme {
  const taken = new Set([theme.flow.consumption, theme.flow.grid]);
  const palette = theme.palette.filter((colour) => !taken.has(colour));
  return { ...theme, palette: palette.length > 0 ? palette : theme.palette };
}
