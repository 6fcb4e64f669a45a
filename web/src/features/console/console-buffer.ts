import { consoleLevelOf, type ConsoleLine } from './console-levels';

/**
 * The console's text, bounded: a long session keeps only the newest lines, so memory and the
 * shown list stay small however long the page stays open (architecture §6.5).
 */
export const CONSOLE_MAX_LINES = 1000;
/** A line that never ends (no newline for ages) is cut here and continued on a new line. */
export const CONSOLE_MAX_LINE_CHARS = 4000;

export interface ConsoleBuffer {
  /** Finished lines, oldest first. */
  readonly lines: readonly ConsoleLine[];
  /** The line still being written (a frame may end mid-line), with its prefix; null if none. */
  readonly partial: string | null;
  /** Where the device's text of `partial` starts, after our time prefix. */
  readonly partialStart: number;
  readonly nextId: number;
}

export const EMPTY_CONSOLE: ConsoleBuffer = {
  lines: [],
  partial: null,
  partialStart: 0,
  nextId: 0,
};

const two = (n: number) => String(n).padStart(2, '0');

/** The prefix of a new line: local time "HH:MM:SS.mmm > " (wire-contract §4.2, /console). */
export function consoleStamp(date: Date): string {
  const ms = String(date.getMilliseconds()).padStart(3, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${ms} > `;
}

/** Adds one socket frame: lines end with \r\n or \n; a frame may stop and resume mid-line. */
export function appendConsole(
  buffer: ConsoleBuffer,
  chunk: string,
  stamp: string,
  maxLines = CONSOLE_MAX_LINES,
): ConsoleBuffer {
  const parts = chunk.replace(/\r\n?/g, '\n').split('\n');
  const lines = [...buffer.lines];
  let current = buffer.partial;
  let start = buffer.partialStart;
  let nextId = buffer.nextId;
  const finish = (text: string) => {
    lines.push({ id: nextId, text, level: consoleLevelOf(text.slice(start)) });
    nextId += 1;
  };
  parts.forEach((part, index) => {
    if (index > 0) {
      if (current === null) start = stamp.length;
      finish(current ?? stamp);
      current = null;
    }
    if (part !== '') {
      if (current === null) start = stamp.length;
      current = (current ?? stamp) + part;
    }
    if (current !== null && current.length > CONSOLE_MAX_LINE_CHARS) {
      finish(current);
      current = null;
    }
  });
  if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
  return { lines, partial: current, partialStart: current === null ? 0 : start, nextId };
}

/** The unfinished line as a line of its own, to show and filter it like the others. */
export function partialLine(buffer: ConsoleBuffer): ConsoleLine | null {
  if (buffer.partial === null) return null;
  return {
    id: buffer.nextId,
    text: buffer.partial,
    level: consoleLevelOf(buffer.partial.slice(buffer.partialStart)),
  };
}

/** The text of some lines, as shown, copied and downloaded. */
export function linesText(lines: readonly ConsoleLine[]): string {
  return lines.map((line) => line.text).join('\n');
}
