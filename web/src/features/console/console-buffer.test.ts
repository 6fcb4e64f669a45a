import { describe, expect, it } from 'vitest';
import {
  appendConsole,
  CONSOLE_MAX_LINE_CHARS,
  consoleStamp,
  consoleText,
  EMPTY_CONSOLE,
} from './console-buffer';

describe('console buffer', () => {
  it('prefixes each line with its arrival time and joins frames that stop mid-line', () => {
    let buffer = appendConsole(EMPTY_CONSOLE, 'Boot\r\nFetch inv', 'T1 > ');
    buffer = appendConsole(buffer, 'erter: 1141\r\n', 'T2 > ');
    buffer = appendConsole(buffer, 'next\n', 'T3 > ');
    expect(consoleText(buffer)).toBe('T1 > Boot\nT1 > Fetch inverter: 1141\nT3 > next');
    expect(buffer.partial).toBeNull();
  });

  it('keeps only the newest lines, however long the session', () => {
    let buffer = EMPTY_CONSOLE;
    for (let i = 0; i < 5000; i++) buffer = appendConsole(buffer, `line ${i}\n`, '', 100);
    expect(buffer.lines).toHaveLength(100);
    expect(buffer.lines[0]).toBe('line 4900');
    expect(buffer.lines[99]).toBe('line 4999');
  });

  it('keeps the default bound at 1000 lines', () => {
    const chunk = Array.from({ length: 1500 }, (_, i) => `l${i}`).join('\n') + '\n';
    const buffer = appendConsole(EMPTY_CONSOLE, chunk, '');
    expect(buffer.lines).toHaveLength(1000);
    expect(buffer.lines[999]).toBe('l1499');
  });

  it('cuts a line that never ends', () => {
    const buffer = appendConsole(EMPTY_CONSOLE, 'x'.repeat(CONSOLE_MAX_LINE_CHARS + 10), '');
    expect(buffer.lines).toHaveLength(1);
    expect(buffer.partial).toBeNull();
  });

  it('stamps local time as HH:MM:SS.mmm > ', () => {
    expect(consoleStamp(new Date(2025, 5, 21, 9, 5, 7, 42))).toBe('09:05:07.042 > ');
  });
});
