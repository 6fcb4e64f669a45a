// bench/first-live.mjs's printed report: what its clocks mean, each visit's waterfall and the
// summary table of medians beside the targets.

/** The run with the median live-data clock. */
export const median = (runs) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
const fmtS = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fmtB = (b) => `${b.toLocaleString('en')} B`;
const fmtO = (ms) => (ms === undefined ? '–' : fmtS(ms));
/** The median of one clock over the runs (its run may differ from the live-data median run). */
export const medianOf = (runs, key) => {
  const values = runs.map((r) => r[key]).filter((v) => v !== undefined);
  return values.length === 0
    ? undefined
    : values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
};

export function printIntro({ runs, firstInverter, hydratedMark }) {
  process.stdout.write(
    [
      `First live data and time to interactive (median of ${runs}, fresh context each). Clocks from the navigation's start:`,
      `  live: "${firstInverter}" and a W figure in the page's text, painted (the frame after it and Chromium's first-contentful-paint are past); overview: its first string row`,
      `  interactive: the app's mark "${hydratedMark}" (hydration committed, a click before it replayed; – on a build without it)`,
      `  tab click: a click on "${firstInverter}"'s tab, issued once live data shows and every 50 ms until the tab is selected`,
      `  waterfall: every request started by then, to its end; bytes on the wire (headers and compressed body)`,
      '',
    ].join('\n'),
  );
}

export function printWaterfall(title, result) {
  const lines = [
    `    ${title}: live ${fmtS(result.ms)} (in the page's text ${fmtO(result.inDomMs)}, first paint ${fmtO(result.paintMs)}), overview ${fmtO(result.overviewMs)}, interactive ${fmtO(result.interactiveMs)}, tab click took effect ${fmtO(result.tabMs)}; ${fmtB(result.bytes)}`,
  ];
  for (const r of result.waterfall) {
    const span = r.end === undefined ? '    …' : `${(r.end / 1000).toFixed(2)}`.padStart(5);
    const how = r.failed
      ? ` (failed: ${r.failed})`
      : r.cached
        ? ' (cache)'
        : r.status && r.status !== 200
          ? ` (${r.status})`
          : '';
    lines.push(
      `      ${(r.start / 1000).toFixed(2).padStart(5)} → ${span} s ${String(r.bytes).padStart(7)} B  ${r.name}${how}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** One row per profile and language; `targets` by profile id. */
export function printSummary(table, targets) {
  process.stdout.write(
    [
      '',
      'Summary (median)  live data: first visit     repeat visit       overview first / repeat   interactive first (tab click) / repeat   targets (issue 26)',
      '',
    ].join('\n'),
  );
  for (const row of table) {
    process.stdout.write(
      `  ${row.profile.padEnd(5)} ${row.lang}   ${fmtS(row.first.ms).padStart(8)} ${fmtB(row.first.bytes).padStart(11)}   ${fmtS(row.repeat.ms).padStart(8)} ${fmtB(row.repeat.bytes).padStart(9)}   ${fmtO(row.firstOverview).padStart(8)} / ${fmtO(row.repeatOverview).padEnd(8)}   ${fmtO(row.firstInteractive).padStart(8)} (${fmtO(row.firstTab)}) / ${fmtO(row.repeatInteractive).padEnd(17)}   ${targets[row.profile] ?? ''}\n`,
    );
  }
}
