import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  HashFailure,
  IDLE,
  failureOf,
  uploadReducer,
  useUploadFlow,
  type UploadContext,
  type UploadState,
} from './upload-flow';

const run = (...actions: Parameters<typeof uploadReducer>[1][]) =>
  actions.reduce<UploadState>(uploadReducer, IDLE);

describe('uploadReducer (spec §4 upload life cycle)', () => {
  it('idle → uploading with percent → success → Back → idle', () => {
    expect(run({ type: 'start' })).toEqual({ phase: 'uploading', percent: 0 });
    expect(run({ type: 'start' }, { type: 'progress', percent: 42 })).toEqual({
      phase: 'uploading',
      percent: 42,
    });
    const done = run({ type: 'start' }, { type: 'progress', percent: 100 }, { type: 'succeed' });
    expect(done).toEqual({ phase: 'success' });
    expect(uploadReducer(done, { type: 'back' })).toEqual(IDLE);
  });

  it('uploading → error → Retry (start) → uploading again', () => {
    const failed = run({ type: 'start' }, { type: 'fail', error: { kind: 'connection' } });
    expect(failed).toEqual({ phase: 'error', error: { kind: 'connection' } });
    expect(uploadReducer(failed, { type: 'start' })).toEqual({ phase: 'uploading', percent: 0 });
    expect(uploadReducer(failed, { type: 'back' })).toEqual(IDLE);
  });

  it('shows the checksum step before the upload', () => {
    expect(run({ type: 'start' }, { type: 'prepare', percent: 50 })).toEqual({
      phase: 'preparing',
      percent: 50,
    });
  });

  it('ignores late events of a finished upload', () => {
    const failed = run({ type: 'start' }, { type: 'fail', error: { kind: 'aborted' } });
    expect(uploadReducer(failed, { type: 'progress', percent: 80 })).toBe(failed);
    expect(uploadReducer(failed, { type: 'succeed' })).toBe(failed);
    expect(uploadReducer(IDLE, { type: 'succeed' })).toBe(IDLE);
    const done = run({ type: 'start' }, { type: 'succeed' });
    expect(uploadReducer(done, { type: 'fail', error: { kind: 'timeout' } })).toBe(done);
  });
});

describe('failureOf', () => {
  it('keeps the gateway text of a 500 and the HTTP error text of others (spec §7)', () => {
    expect(failureOf(new ApiError('MD5 mismatch', 500), null)).toEqual({
      kind: 'gateway',
      message: 'MD5 mismatch',
    });
    expect(failureOf(new ApiError('[HTTP ERROR] Bad Gateway', 502), null)).toEqual({
      kind: 'http',
      message: '[HTTP ERROR] Bad Gateway',
    });
  });
  it('tells a lost connection, a cancel, a stall and a hash failure apart', () => {
    expect(failureOf(new ApiError('network', 0), null)).toEqual({ kind: 'connection' });
    expect(failureOf(new ApiError('aborted', 0), 'user')).toEqual({ kind: 'aborted' });
    expect(failureOf(new ApiError('aborted', 0), 'timeout')).toEqual({ kind: 'timeout' });
    expect(failureOf(new HashFailure('x'), null)).toEqual({ kind: 'hash' });
  });
});

/** A job that only ends when its signal aborts, as an XHR does. */
const hanging = ({ signal }: UploadContext) =>
  new Promise<void>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new ApiError('aborted', 0)));
  });

describe('useUploadFlow', () => {
  it('Cancel ends a running upload as cancelled, not as a lost connection', async () => {
    const { result } = renderHook(() => useUploadFlow());
    act(() => void result.current.start(hanging));
    expect(result.current.state).toEqual({ phase: 'uploading', percent: 0 });
    act(() => result.current.cancel());
    await waitFor(() =>
      expect(result.current.state).toEqual({ phase: 'error', error: { kind: 'aborted' } }),
    );
  });

  it('a stalled upload ends with the timeout failure instead of spinning forever', async () => {
    const { result } = renderHook(() => useUploadFlow(50));
    act(() => void result.current.start(hanging));
    await waitFor(() =>
      expect(result.current.state).toEqual({ phase: 'error', error: { kind: 'timeout' } }),
    );
  });

  it('Retry runs the last job again; Back returns to idle', async () => {
    let calls = 0;
    const job = async ({ onProgress }: UploadContext) => {
      calls += 1;
      onProgress(100);
      if (calls === 1) throw new ApiError('MD5 mismatch', 500);
    };
    const { result } = renderHook(() => useUploadFlow());
    await act(() => result.current.start(job));
    expect(result.current.state).toEqual({
      phase: 'error',
      error: { kind: 'gateway', message: 'MD5 mismatch' },
    });
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'success' }));
    expect(calls).toBe(2);
    act(() => result.current.back());
    expect(result.current.state).toEqual(IDLE);
  });
});
