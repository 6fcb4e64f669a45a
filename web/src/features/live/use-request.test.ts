import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRequest } from './use-request';

describe('useRequest', () => {
  it('forgets the answer when switched off, so a reopened dialog shows no stale status', async () => {
    let answer = 'Ok';
    let release: (() => void) | undefined;
    const load = () =>
      new Promise<string>((resolve) => {
        const value = answer;
        release = () => resolve(value);
      });
    const { result, rerender } = renderHook(({ open }) => useRequest(load, open), {
      initialProps: { open: true },
    });
    act(() => release?.());
    await waitFor(() => expect(result.current.data).toBe('Ok'));

    rerender({ open: false });
    expect(result.current.data).toBeUndefined();

    answer = 'Pending';
    rerender({ open: true });
    expect(result.current.data).toBeUndefined();
    expect(result.current.loading).toBe(true);
    act(() => release?.());
    await waitFor(() => expect(result.current.data).toBe('Pending'));
  });
});
