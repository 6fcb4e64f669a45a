import { describe, expect, it } from 'vitest';
import {
  ALL_LEVELS,
  consoleFileName,
  consoleLevelOf,
  filterConsole,
  searchParts,
  type ConsoleLine,
} from './console-levels';

const line = (id: number, text: string): ConsoleLine => ({
  id,
  text,
  level: consoleLevelOf(text),
});
const LINES = [
  line(0, 'E (100) wifi: Connection lost'),
  line(1, 'W (200) mqtt: Reconnecting'),
  line(2, 'I (300) mqtt: Connected'),
  line(3, 'D (400) hoymiles: Fetch'),
  line(4, 'V (500) hoymiles: Raw bytes'),
  line(5, 'Network settings saved'),
];
const texts = (lines: readonly ConsoleLine[]) => lines.map((one) => one.text);

describe('console levels', () => {
  it('reads the level letter of ESP-IDF lines only', () => {
    expect(LINES.map((one) => one.level)).toEqual(['E', 'W', 'I', 'D', 'V', null]);
    expect(consoleLevelOf('Error (100) x')).toBeNull();
    expect(consoleLevelOf('X (100) x: y')).toBeNull();
  });

  it('keeps the chosen levels and every line without a level', () => {
    const shown = filterConsole(LINES, { levels: new Set(['E', 'W']), search: '' });
    expect(texts(shown)).toEqual([
      'E (100) wifi: Connection lost',
      'W (200) mqtt: Reconnecting',
      'Network settings saved',
    ]);
    expect(filterConsole(LINES, { levels: new Set(), search: '' })).toHaveLength(1);
  });

  it('hands the same array back when nothing is filtered (no copy per frame)', () => {
    expect(filterConsole(LINES, { levels: ALL_LEVELS, search: '' })).toBe(LINES);
  });

  it('searches ignoring case, together with the levels', () => {
    expect(texts(filterConsole(LINES, { levels: ALL_LEVELS, search: 'MQTT' }))).toEqual([
      'W (200) mqtt: Reconnecting',
      'I (300) mqtt: Connected',
    ]);
    expect(texts(filterConsole(LINES, { levels: new Set(['I']), search: 'mqtt' }))).toEqual([
      'I (300) mqtt: Connected',
    ]);
  });

  it('cuts a line around every match for highlighting', () => {
    expect(searchParts('Fetch fetch done', 'FETCH')).toEqual([
      { text: 'Fetch', match: true },
      { text: ' ', match: false },
      { text: 'fetch', match: true },
      { text: ' done', match: false },
    ]);
    expect(searchParts('abc', '')).toEqual([{ text: 'abc', match: false }]);
  });

  it('names the download by the local date and time', () => {
    expect(consoleFileName(new Date(2026, 3, 2, 9, 5, 7))).toBe('console-2026-04-02_09-05-07.txt');
  });
});
