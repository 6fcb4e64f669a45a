import { LOG_LEVEL, LOG_LEVEL_INHERIT } from '../limits.js';

/**
 * ESP-IDF log levels and console lines, as current firmware (v26.3.30) writes them
 * (wire-current §3): `I (123456) tag: text`, a level letter and the uptime in ms. Pure and zod-free.
 */

/** The letter of each level that prints (1 error … 5 verbose); 0 prints nothing. */
export const LOG_LEVEL_LETTERS = ['E', 'W', 'I', 'D', 'V'] as const;
export type LogLevelLetter = (typeof LOG_LEVEL_LETTERS)[number];

/** The level of a letter: E → 1 … V → 5. */
export function logLevelOfLetter(letter: LogLevelLetter): number {
  return LOG_LEVEL_LETTERS.indexOf(letter) + 1;
}

/** One console line in ESP-IDF's format, without its line break. */
export function formatIdfLogLine(
  letter: LogLevelLetter,
  uptimeMs: number,
  tag: string,
  text: string,
): string {
  return `${letter} (${Math.max(0, Math.floor(uptimeMs))}) ${tag}: ${text}`;
}

export interface IdfLogLine {
  readonly letter: LogLevelLetter;
  readonly uptimeMs: number;
  readonly tag: string;
  readonly text: string;
}

const IDF_LINE = /^([EWIDV]) \((\d+)\) ([^:\s]+): ?(.*)$/s;

/** A console line read back (the console's level filter); null for a line in another format. */
export function parseIdfLogLine(line: string): IdfLogLine | null {
  const match = IDF_LINE.exec(line.replace(/\r?\n$/, ''));
  if (!match) return null;
  return {
    letter: match[1] as LogLevelLetter,
    uptimeMs: Number(match[2]),
    tag: match[3] ?? '',
    text: match[4] ?? '',
  };
}

/**
 * A level as the simulated device stores it: whole numbers outside the range are clamped to its
 * nearest end, so a client sending 9 gets verbose and −7 gets "inherit" (for a module) or
 * "none" (for the default). The device's own clamping is not documented; this is ours.
 */
export function clampLogLevel(level: number, inheritAllowed: boolean): number {
  const min = inheritAllowed ? LOG_LEVEL_INHERIT : LOG_LEVEL.min;
  return Math.min(LOG_LEVEL.max, Math.max(min, Math.trunc(level)));
}

/** The level a module prints at: its own, or the default when it inherits. */
export function effectiveLogLevel(moduleLevel: number, defaultLevel: number): number {
  return moduleLevel === LOG_LEVEL_INHERIT ? defaultLevel : moduleLevel;
}
