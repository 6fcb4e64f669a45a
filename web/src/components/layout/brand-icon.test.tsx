import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandIcon, DATE_REFRESH_MS } from './brand-icon';

const iconOn = (iso: string) => {
  const { container, unmount } = render(<BrandIcon date={new Date(`${iso}T12:00:00`)} />);
  const name = container.querySelector('[data-brand-icon]')?.getAttribute('data-brand-icon');
  const hasSvg = container.querySelector('svg') !== null;
  unmount();
  return hasSvg ? name : 'no svg';
};

describe('BrandIcon (spec §1)', () => {
  it('is a tree from 24 to 26 December', () => {
    expect(['2025-12-23', '2025-12-24', '2025-12-26', '2025-12-27'].map(iconOn)).toEqual([
      'sun',
      'tree',
      'tree',
      'sun',
    ]);
  });

  it.each([
    // Good Friday … Easter Monday by the Gregorian computus.
    ['2024', '2024-03-28', '2024-03-29', '2024-04-01', '2024-04-02'],
    ['2025', '2025-04-17', '2025-04-18', '2025-04-21', '2025-04-22'],
    ['2038', '2038-04-22', '2038-04-23', '2038-04-26', '2038-04-27'],
  ])('is an egg around Easter %s', (_year, before, goodFriday, easterMonday, after) => {
    expect([before, goodFriday, easterMonday, after].map(iconOn)).toEqual([
      'sun',
      'egg',
      'egg',
      'sun',
    ]);
  });
});

describe('BrandIcon over time (spec §9: current date refresh 10 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('changes at midnight within 10 s, without a navigation', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-12-23T23:59:55'));
    const { container } = render(<BrandIcon />);
    const shown = () =>
      container.querySelector('[data-brand-icon]')?.getAttribute('data-brand-icon');
    expect(shown()).toBe('sun');
    act(() => vi.advanceTimersByTime(DATE_REFRESH_MS - 1));
    // 23:59:55 + 9.999 s is already the 24th, but the date is only re-read at the refresh.
    expect(shown()).toBe('sun');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('tree');
  });
});
