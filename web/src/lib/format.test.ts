import { describe, expect, it } from 'vitest';
import { formattersFor } from './format';

describe('format presets (spec §9)', () => {
  it('formats decimals, percent, kilobytes and Celsius per locale', () => {
    const en = formattersFor('en');
    expect(en.decimalNoDigits(1234.5)).toBe('1,235');
    expect(en.decimalOneDigit(3.14159)).toBe('3.1');
    expect(en.decimalTwoDigits(2)).toBe('2.00');
    expect(en.decimal(388.4812, 3)).toBe('388.481');
    expect(en.percent(0.423)).toBe('42%');
    expect(en.kilobyte(2048)).toBe('2 kB');
    expect(en.celsius(23.456)).toBe('23.5°C');
    const de = formattersFor('de');
    expect(de.decimalOneDigit(1234.56)).toBe('1.234,6');
    expect(de.percent(0.5)).toBe('50\u00a0%');
  });

  it('shows dates in 24-hour numeric form', () => {
    const date = new Date(2025, 5, 21, 15, 4, 5);
    expect(formattersFor('de').datetime(date)).toBe('21.06.2025, 15:04:05');
    expect(formattersFor('en').time(date)).toBe('15:04:05');
  });

  it('falls back for a locale Intl does not know', () => {
    expect(formattersFor('xx-unknown').decimalOneDigit(1.25)).toMatch(/^1[.,]3$/);
  });
});
