import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGatewayNow } from './use-gateway-now';

afterEach(() => {
  vi.useRealTimers();
});

describe('useGatewayNow', () => {
  it('is unknown before the first answer, then the answer’s clock, running on at the rate of the last two', () => {
    vi.useFakeTimers({ now: 0 });
    const { result, rerender } = renderHook(({ at }) => useGatewayNow(at), {
      initialProps: { at: undefined as number | undefined },
    });
    expect(result.current).toBeUndefined();
    rerender({ at: 1_000 });
    expect(result.current).toBe(1_000_000);
    // The next answer 30 s later says 30 minutes later: a simulated clock at 60×.
    act(() => void vi.advanceTimersByTime(30_000));
    rerender({ at: 1_000 + 1_800 });
    expect(result.current).toBe(2_800_000);
    // A minute on the browser's clock is an hour on the gateway's.
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(2_800_000 + 3_600_000);
  });
});
