import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { Providers } from './providers';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop (spec §2: 100 ms after a navigation)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('scrolls to the top 100 ms after each navigation, not before', () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <Providers>
        <ScrollToTop />
      </Providers>,
    );
    act(() => vi.advanceTimersByTime(100));
    scrollTo.mockClear();

    act(() => navigate('/about'));
    act(() => vi.advanceTimersByTime(99));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
