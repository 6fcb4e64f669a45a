import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from './hooks';
import type { QueryFunctionContext } from './query-cache';
import { deferred, flush, setup } from './test-helpers';

afterEach(() => vi.useRealTimers());

describe('useQuery', () => {
  it('is pending and fetching at once, then shows the data', async () => {
    const { wrapper } = setup();
    const answer = deferred<string>();
    const { result } = renderHook(
      () => useQuery({ queryKey: ['a'], queryFn: () => answer.promise }),
      { wrapper },
    );
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, isFetching: true });
    await act(async () => answer.resolve('one'));
    await flush();
    expect(result.current).toMatchObject({
      status: 'success',
      isSuccess: true,
      isFetching: false,
      data: 'one',
      error: null,
    });
    expect(result.current.dataUpdatedAt).toBeGreaterThan(0);
  });

  it('keeps a failure in the state instead of throwing; non-errors become errors', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => [
        useQuery({ queryKey: ['bad'], queryFn: () => Promise.reject(new Error('gone')) }),
        useQuery({ queryKey: ['worse'], queryFn: () => Promise.reject('text') }),
      ],
      { wrapper },
    );
    await flush();
    const [bad, worse] = result.current;
    expect(bad).toMatchObject({
      status: 'error',
      isError: true,
      isPending: false,
      data: undefined,
    });
    expect(bad?.error?.message).toBe('gone');
    expect(worse?.error).toBeInstanceOf(Error);
    expect(worse?.error?.message).toBe('text');
  });

  it('shares one fetch between observers of the same key', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve(7));
    const { result } = renderHook(
      () => [useQuery({ queryKey: ['n', 1], queryFn }), useQuery({ queryKey: ['n', 1], queryFn })],
      { wrapper },
    );
    await flush();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(result.current.map((query) => query.data)).toEqual([7, 7]);
  });

  it('shows cached data while it refetches on a later mount (staleTime 0)', async () => {
    const { wrapper } = setup();
    let answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const first = renderHook(() => useQuery({ queryKey: ['swr'], queryFn }), { wrapper });
    await act(async () => answer.resolve('old'));
    await flush();
    first.unmount();

    answer = deferred<string>();
    const { result } = renderHook(() => useQuery({ queryKey: ['swr'], queryFn }), { wrapper });
    expect(result.current).toMatchObject({ data: 'old', isSuccess: true, isFetching: true });
    expect(queryFn).toHaveBeenCalledTimes(2);
    await act(async () => answer.resolve('new'));
    await flush();
    expect(result.current).toMatchObject({ data: 'new', isFetching: false });
  });

  it('does not refetch fresh data on a later mount (staleTime Infinity)', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve('zones'));
    const options = { queryKey: ['zones'], queryFn, staleTime: Infinity };
    const first = renderHook(() => useQuery(options), { wrapper });
    await flush();
    first.unmount();
    const { result } = renderHook(() => useQuery(options), { wrapper });
    expect(result.current).toMatchObject({ data: 'zones', isFetching: false });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('drops an unobserved entry after gcTime (0 = at once, default 5 minutes)', async () => {
    vi.useFakeTimers();
    const { client, wrapper } = setup();
    const mount = (key: string, gcTime?: number) =>
      renderHook(
        () =>
          useQuery({
            queryKey: [key],
            queryFn: () => key,
            ...(gcTime === undefined ? {} : { gcTime }),
          }),
        { wrapper },
      );
    const quick = mount('quick', 0);
    const slow = mount('slow');
    await flush();
    quick.unmount();
    slow.unmount();
    expect(client.getQueryData(['quick'])).toBe('quick');
    await flush();
    expect(client.getQueryData(['quick'])).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(299_999));
    expect(client.getQueryData(['slow'])).toBe('slow');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(client.getQueryData(['slow'])).toBeUndefined();
    // A new visit starts from nothing.
    expect(mount('quick', 0).result.current.isPending).toBe(true);
  });

  it('refetches on refetchInterval while mounted only', async () => {
    vi.useFakeTimers();
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve('tick'));
    const { unmount } = renderHook(
      () => useQuery({ queryKey: ['poll'], queryFn, refetchInterval: 1000 }),
      { wrapper },
    );
    await flush();
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(queryFn).toHaveBeenCalledTimes(4);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(queryFn).toHaveBeenCalledTimes(4);
  });

  it('stops polling when a refetchInterval function says false', async () => {
    vi.useFakeTimers();
    const { wrapper } = setup();
    let count = 0;
    const queryFn = vi.fn(() => Promise.resolve(++count));
    renderHook(
      () =>
        useQuery({
          queryKey: ['until'],
          queryFn,
          refetchInterval: (query) => ((query.state.data ?? 0) >= 3 ? false : 500),
        }),
      { wrapper },
    );
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('fetches nothing while disabled, and fetches once enabled', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve('on'));
    const { result, rerender } = renderHook(
      ({ enabled }) => useQuery({ queryKey: ['gate'], queryFn, enabled }),
      { wrapper, initialProps: { enabled: false } },
    );
    await flush();
    expect(queryFn).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ isPending: true, isFetching: false, isEnabled: false });
    rerender({ enabled: true });
    await flush();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ data: 'on', isEnabled: true });
  });

  it('selects from the data and keeps the selection identity while the data is equal', async () => {
    const { wrapper } = setup();
    let list = [3, 1, 2];
    const { result, rerender } = renderHook(
      () =>
        useQuery({
          queryKey: ['list'],
          queryFn: () => Promise.resolve({ items: [...list] }),
          // A new function on every render, like queryOptions built in render.
          select: (answer) => [...answer.items].sort(),
        }),
      { wrapper },
    );
    await flush();
    const first = result.current.data;
    expect(first).toEqual([1, 2, 3]);
    rerender();
    expect(result.current.data).toBe(first);
    await act(() => result.current.refetch());
    expect(result.current.data).toBe(first);
    list = [4, 1];
    await act(() => result.current.refetch());
    expect(result.current.data).toEqual([1, 4]);
  });

  it('aborts a running fetch when the last observer leaves, back to the state before', async () => {
    const { client, wrapper } = setup();
    let signal: AbortSignal | undefined;
    const queryFn = ({ signal: given }: QueryFunctionContext) => {
      signal = given;
      return new Promise<string>(() => {});
    };
    const one = renderHook(() => useQuery({ queryKey: ['slow'], queryFn }), { wrapper });
    const two = renderHook(() => useQuery({ queryKey: ['slow'], queryFn }), { wrapper });
    one.unmount();
    await flush();
    expect(signal?.aborted).toBe(false);
    two.unmount();
    await flush();
    expect(signal?.aborted).toBe(true);
    expect(client.getQuery(['slow']).state).toMatchObject({
      status: 'pending',
      fetchStatus: 'idle',
    });
  });

  it('refetch replaces a running refresh and resolves with the new result', async () => {
    const { wrapper } = setup();
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    let call = 0;
    const queryFn = ({ signal }: QueryFunctionContext) => {
      signals.push(signal);
      return answers[call++]!.promise;
    };
    const { result } = renderHook(() => useQuery({ queryKey: ['r'], queryFn }), { wrapper });
    await act(async () => answers[0]!.resolve('first'));
    await flush();
    let refetched: Promise<unknown> | undefined;
    act(() => void result.current.refetch());
    act(() => void (refetched = result.current.refetch()));
    expect(signals[1]?.aborted).toBe(true);
    await act(async () => answers[1]!.resolve('stale'));
    await act(async () => answers[2]!.resolve('fresh'));
    await expect(refetched).resolves.toMatchObject({ data: 'fresh', isFetching: false });
    expect(result.current.data).toBe('fresh');
  });
});
