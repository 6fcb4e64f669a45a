import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

function Clock({ id }: { id: string }) {
  const now = useNow();
  return <span data-testid={id}>{now}</span>;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('ticks every second', () => {
    render(<Clock id="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('1000000');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByTestId('a')).toHaveTextContent('1000000');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('a')).toHaveTextContent('1001000');
  });

  it('shares one timer between all users and stops it when the last one leaves', () => {
    const first = render(<Clock id="a" />);
    const second = render(<Clock id="b" />);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('a').textContent).toBe(screen.getByTestId('b').textContent);
    first.unmount();
    expect(vi.getTimerCount()).toBe(1);
    second.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts from the current time after a pause', () => {
    const first = render(<Clock id="a" />);
    first.unmount();
    vi.setSystemTime(5_000_000);
    render(<Clock id="b" />);
    expect(screen.getByTestId('b')).toHaveTextContent('5000000');
  });
});
