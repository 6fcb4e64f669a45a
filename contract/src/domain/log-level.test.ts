import { describe, expect, it } from 'vitest';
import {
  clampLogLevel,
  effectiveLogLevel,
  formatIdfLogLine,
  logLevelOfLetter,
  parseIdfLogLine,
} from './log-level.js';

describe('ESP-IDF console lines', () => {
  it('formats a level letter, the uptime in ms and the tag', () => {
    expect(formatIdfLogLine('I', 123456.7, 'core', 'Web server listening')).toBe(
      'I (123456) core: Web server listening',
    );
    expect(formatIdfLogLine('E', -5, 'mqtt', 'x')).toBe('E (0) mqtt: x');
  });

  it('reads a line back, and nothing from a line in another format', () => {
    expect(parseIdfLogLine('W (42) ntp: Unknown zone\r\n')).toEqual({
      letter: 'W',
      uptimeMs: 42,
      tag: 'ntp',
      text: 'Unknown zone',
    });
    expect(parseIdfLogLine('NTP settings saved')).toBeNull();
    expect(parseIdfLogLine('X (1) a: b')).toBeNull();
  });

  it('numbers the letters as ESP-IDF does', () => {
    expect(['E', 'W', 'I', 'D', 'V'].map((l) => logLevelOfLetter(l as 'E'))).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });
});

describe('clampLogLevel', () => {
  it('clamps a module level to −1..5 and the default to 0..5', () => {
    expect([-7, -1, 0, 3, 5, 9].map((n) => clampLogLevel(n, true))).toEqual([-1, -1, 0, 3, 5, 5]);
    expect([-7, -1, 0, 3, 5, 9].map((n) => clampLogLevel(n, false))).toEqual([0, 0, 0, 3, 5, 5]);
  });

  it('takes the default for an inheriting module', () => {
    expect(effectiveLogLevel(-1, 4)).toBe(4);
    expect(effectiveLogLevel(1, 4)).toBe(1);
  });
});
