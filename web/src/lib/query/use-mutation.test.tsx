import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMutation, useQuery, useQueryClient } from './hooks';
import { deferred, flush, setup } from './test-helpers';

describe('useMutation', () => {
  it('stays pending until onSuccess and onSettled are done, then shows the data', async () => {
    const { wrapper } = setup();
    const order: string[] = [];
    const callback = deferred<void>();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (n: number) => {
            order.push(`fn ${n}`);
            return n * 2;
          },
          onSuccess: async (data, n) => {
            order.push(`success ${data} ${n}`);
            await callback.promise;
          },
          onSettled: (data, error) => void order.push(`settled ${data} ${error}`),
        }),
      { wrapper },
    );
    expect(result.current).toMatchObject({ status: 'idle', isIdle: true, isPending: false });
    let answer: Promise<number> | undefined;
    act(
      () =>
        void (answer = result.current
          .mutateAsync(21)
          .then((data) => (order.push('resolved'), data))),
    );
    await flush();
    expect(result.current).toMatchObject({ isPending: true, data: undefined, variables: 21 });
    expect(order).toEqual(['fn 21', 'success 42 21']);
    await act(async () => callback.resolve());
    await expect(answer).resolves.toBe(42);
    expect(order).toEqual(['fn 21', 'success 42 21', 'settled 42 null', 'resolved']);
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, data: 42 });
  });

  it('on failure calls onError and onSettled, rejects mutateAsync, and mutate does not throw', async () => {
    const { wrapper } = setup();
    const onError = vi.fn();
    const onSettled = vi.fn();
    const failure = new Error('refused');
    const { result } = renderHook(
      () => useMutation({ mutationFn: (_: void) => Promise.reject(failure), onError, onSettled }),
      { wrapper },
    );
    await act(() => expect(result.current.mutateAsync()).rejects.toBe(failure));
    expect(onError).toHaveBeenCalledWith(failure, undefined);
    expect(onSettled).toHaveBeenCalledWith(undefined, failure, undefined);
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: failure });

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', error: null });
    act(() => result.current.mutate());
    await flush();
    expect(result.current.error).toBe(failure);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('a save that invalidates in onSuccess ends after the refetch (the config-api pattern)', async () => {
    const { wrapper } = setup();
    let stored = 'before';
    const refetch = deferred<void>();
    const queryFn = vi.fn(async () => {
      if (stored === 'after') await refetch.promise;
      return stored;
    });
    const { result } = renderHook(
      () => {
        const client = useQueryClient();
        const config = useQuery({ queryKey: ['mqtt', 'config'], queryFn, gcTime: 0 });
        const save = useMutation({
          mutationFn: async (value: string) => {
            stored = value;
            return 'ok';
          },
          onSuccess: () => client.invalidateQueries({ queryKey: ['mqtt'] }),
        });
        return { config, save };
      },
      { wrapper },
    );
    await flush();
    let saved = false;
    act(() => void result.current.save.mutateAsync('after').then(() => (saved = true)));
    await flush();
    expect(saved).toBe(false);
    expect(result.current.save.isPending).toBe(true);
    expect(result.current.config).toMatchObject({ data: 'before', isFetching: true });
    await act(async () => refetch.resolve());
    await flush();
    expect(saved).toBe(true);
    expect(result.current.config.data).toBe('after');
    expect(result.current.save.data).toBe('ok');
  });
});
