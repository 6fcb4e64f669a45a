import type { ExportControlConfig } from '../export-control.js';

/** One problem of export control's settings: the field (dotted path) and a plain sentence. */
export interface ExportControlProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * The checks beyond the schema's ranges (docs/power-control.md §3), in form order. Zod-free,
 * so the settings form shows the same sentences the gateway answers with.
 */
export function exportControlConfigProblems(data: ExportControlConfig): ExportControlProblem[] {
  const problems: ExportControlProblem[] = [];
  const seen = new Set<string>();
  data.inverters.forEach((inverter, n) => {
    const at = `inverters.${n}`;
    const key = `${inverter.device}/${inverter.serial.toUpperCase()}`;
    if (seen.has(key)) {
      problems.push({ field: `${at}.serial`, message: 'This inverter is governed twice.' });
    }
    seen.add(key);
    if (inverter.lower_w > inverter.upper_w) {
      problems.push({
        field: `${at}.lower_w`,
        message: 'The lower limit must not be above the upper limit.',
      });
    }
    for (const field of ['fallback_w', 'restore_w'] as const) {
      const value = inverter[field];
      if (value !== null && (value < 0 || value > inverter.upper_w)) {
        problems.push({
          field: `${at}.${field}`,
          message: `Must be between 0 and the upper limit (${inverter.upper_w} W), or empty.`,
        });
      }
    }
  });
  if (data.window.enabled && data.window.start === data.window.end) {
    problems.push({
      field: 'window.end',
      message: 'The window must end at another time than it starts.',
    });
  }
  return problems;
}
