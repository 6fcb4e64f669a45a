import { describe, expect, it } from 'vitest';
import {
  appendConsole,
  CONSOLE_MAX_LINE_CHARS,
  consoleStamp,
  EMPTY_CONSOLE,
  linesText,
  partialLine,
  type ConsoleBuffer,
} from './console-buffer';

/** Everything the buffer holds, the unfinished line last, as the screen shows it unfiltered. */
const allText = (buffer: ConsoleBuffer) => {
  const partial = partialLine(buffer);
  return linesText(partial ? [...buffer.lines, partial] : buffer.lines);
};

describe('console buffer', () => {
  it('prefixes each line with its arrival time and joins frames that stop mid-line', () => {
    let buffer = appendConsole(EMPTY_CONSOLE, 'Boot\r\nFetch inv', 'T1 > ');
    buffer = appendConsole(buffer, 'erter: 1141\r\n', 'T2 > ');
    buffer = appendConsole(buffer, 'next\n', 'T3 > ');
    expect(allText(buffer)).toBe('T1 > Boot\nT1 > Fetch inverter: 1141\nT3 > next');
    expect(buffer.partial).toBeNull();
  });

  it('keeps only the newest lines, however long the session', () => {
    let buffer = EMPTY_CONSOLE;
    for (let i = 0; i < 5000; i++) buffer = appendConsole(buffer, `line ${i}\n`, '', 100);
    expect(buffer.lines).toHaveLength(100);
    expect(buffer.lines[0]?.text).toBe('line 4900');
    expect(buffer.lines[99]?.text).toBe('line 4999');
    // Ids keep counting while old lines drop off: a new line never reuses a shown line's key.
    expect(buffer.lines[99]?.id).toBe(4999);
  });

  it('keeps the default bound at 1000 lines', () => {
    const chunk = Array.from({ length: 1500 }, (_, i) => `l${i}`).join('\n') + '\n';
    const buffer = appendConsole(EMPTY_CONSOLE, chunk, '');
    expect(buffer.lines).toHaveLength(1000);
    expect(buffer.lines[999]?.text).toBe('l1499');
  });

  it('cuts a line that never ends', () => {
    const buffer = appendConsole(EMPTY_CONSOLE, 'x'.repeat(CONSOLE_MAX_LINE_CHARS + 10), '');
    expect(buffer.lines).toHaveLength(1);
    expect(buffer.partial).toBeNull();
  });

  it('reads the ESP-IDF level once, when a line ends, even if the frame split it', () => {
    let buffer = appendConsole(EMPTY_CONSOLE, 'E (1200) wifi: gone\nW', 'T1 > ');
    expect(partialLine(buffer)?.level).toBeNull();
    buffer = appendConsole(buffer, ' (1300) mqtt: slow\nplain gateway line\nD (9) x: y\n', 'T2 > ');
    expect(buffer.lines.map((line) => [line.text, line.level])).toEqual([
      ['T1 > E (1200) wifi: gone', 'E'],
      ['T1 > W (1300) mqtt: slow', 'W'],
      ['T2 > plain gateway line', null],
      ['T2 > D (9) x: y', 'D'],
    ]);
    // A letter in the text is no level: only "<letter> (<ms>) " at the start counts.
    buffer = appendConsole(buffer, 'I am here\nI (12)x\n', 'T3 > ');
    expect(buffer.lines.slice(-2).map((line) => line.level)).toEqual([null, null]);
  });

  it('stamps local time as HH:MM:SS.mmm > ', () => {
    expect(consoleStamp(new Date(2025, 5, 21, 9, 5, 7, 42))).toBe('09:05:07.042 > ');
  });
});
