/**
 * The console's text, bounded: a long session keeps only the newest lines, so memory and the
 * text area stay small however long the page stays open (architecture §6.5).
 */
export const CONSOLE_MAX_LINES = 1000;
/** A line that never ends (no newline for ages) is cut here and continued on a new line. */
export const CONSOLE_MAX_LINE_CHARS = 4000;

export interface ConsoleBuffer {
  /** Finished lines, oldest first, each with its time prefix. */
  readonly lines: readonly string[];
  /** The line still being written (a frame may end mid-line), with its prefix; null if none. */
  readonly partial: string | null;
}

export const EMPTY_CONSOLE: ConsoleBuffer = { lines: [], partial: null };

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
  parts.forEach((part, index) => {
    if (index > 0) {
      lines.push(current ?? stamp);
      current = null;
    }
    if (part !== '') current = (current ?? stamp) + part;
    if (current !== null && current.length > CONSOLE_MAX_LINE_CHARS) {
      lines.push(current);
      current = null;
    }
  });
  if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
  return { lines, partial: current };
}

/** The text shown and copied. */
export function consoleText(buffer: ConsoleBuffer): string {
  return buffer.partial === null
    ? buffer.lines.join('\n')
    : [...buffer.lines, buffer.partial].join('\n');
}
