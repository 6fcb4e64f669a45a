import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useQuery } from './hooks';
import { share } from './query-cache';
import { deferred, flush, setup } from './test-helpers';

describe('invalidateQueries', () => {
  it('refetches observed queries under the key prefix, marks the rest stale', async () => {
    const { client, wrapper } = setup();
    const calls: string[] = [];
    const fn = (name: string) => () => {
      calls.push(name);
      return Promise.resolve(name);
    };
    // Cached but no longer shown: must not be fetched now, but on its next mount.
    const time = renderHook(
      () => useQuery({ queryKey: ['ntp', 'time'], queryFn: fn('time'), staleTime: Infinity }),
      { wrapper },
    );
    await flush();
    time.unmount();
    renderHook(
      () => [
        useQuery({ queryKey: ['ntp', 'status'], queryFn: fn('status') }),
        useQuery({ queryKey: ['ntp', 'config'], queryFn: fn('config'), enabled: false }),
        useQuery({ queryKey: ['ntpx'], queryFn: fn('other') }),
        useQuery({ queryKey: ['mqtt', 'status'], queryFn: fn('mqtt') }),
      ],
      { wrapper },
    );
    await flush();
    calls.length = 0;

    await act(() => client.invalidateQueries({ queryKey: ['ntp'] }));
    expect(calls).toEqual(['status']);

    renderHook(
      () => useQuery({ queryKey: ['ntp', 'time'], queryFn: fn('time'), staleTime: Infinity }),
      { wrapper },
    );
    expect(calls).toEqual(['status', 'time']);
  });

  it('resolves only when the refetch has finished', async () => {
    const { client, wrapper } = setup();
    let answer = deferred<number>();
    const { result } = renderHook(
      () => useQuery({ queryKey: ['inverter', 'list'], queryFn: () => answer.promise }),
      { wrapper },
    );
    await act(async () => answer.resolve(1));
    await flush();
    answer = deferred<number>();
    let done = false;
    act(() => void client.invalidateQueries({ queryKey: ['inverter'] }).then(() => (done = true)));
    await flush();
    expect(done).toBe(false);
    expect(result.current).toMatchObject({ data: 1, isFetching: true });
    await act(async () => answer.resolve(2));
    await flush();
    expect(done).toBe(true);
    expect(result.current.data).toBe(2);
  });

  it('without a key invalidates everything', async () => {
    const { client, wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve(1));
    renderHook(
      () => [useQuery({ queryKey: ['a'], queryFn }), useQuery({ queryKey: ['b'], queryFn })],
      {
        wrapper,
      },
    );
    await flush();
    await act(() => client.invalidateQueries());
    expect(queryFn).toHaveBeenCalledTimes(4);
  });
});

describe('QueryClient data access', () => {
  it('setQueryData is seen by getQueryData and by a mounted query', async () => {
    const { client, wrapper } = setup();
    const { result } = renderHook(
      () => useQuery({ queryKey: ['x'], queryFn: () => 1, staleTime: Infinity }),
      { wrapper },
    );
    await flush();
    act(() => void client.setQueryData<number>(['x'], (old) => (old ?? 0) + 41));
    expect(client.getQueryData(['x'])).toBe(42);
    expect(result.current.data).toBe(42);
    expect(client.getQueryData(['missing'])).toBeUndefined();
  });
});

describe('share', () => {
  it('keeps equal parts of a new answer identical to the old ones', () => {
    const old = { a: { deep: [1, 2] }, b: { n: 1 }, list: [{ id: 1 }] };
    const same = share(old, { a: { deep: [1, 2] }, b: { n: 1 }, list: [{ id: 1 }] });
    expect(same).toBe(old);
    const changed = share(old, { a: { deep: [1, 2] }, b: { n: 2 }, list: [{ id: 1 }] });
    expect(changed).not.toBe(old);
    expect(changed.a).toBe(old.a);
    expect(changed.list).toBe(old.list);
    expect(changed.b).toEqual({ n: 2 });
  });

  it('never merges non-plain values or different shapes', () => {
    const blob = new Blob(['x']);
    expect(share(new Blob(['y']), blob)).toBe(blob);
    const list = [1];
    expect(share({ 0: 1 }, list)).toBe(list);
    expect(share([1, 2], [1])).toEqual([1]);
  });
});
