import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from './api-client';

/**
 * The upload life cycle of spec §4: idle, (preparing: the firmware's checksum), uploading with
 * percent, then success or error. Back returns to idle; Retry runs the same upload again.
 */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'preparing'; percent: number }
  | { phase: 'uploading'; percent: number }
  | { phase: 'success' }
  | { phase: 'error'; error: UploadFailure };

/** Why an upload ended badly; the view words it (translated), except the gateway's own text. */
export type UploadFailure =
  | { kind: 'gateway'; message: string }
  | { kind: 'http'; message: string }
  | { kind: 'aborted' }
  | { kind: 'connection' }
  | { kind: 'timeout' }
  | { kind: 'hash' };

export type UploadAction =
  | { type: 'start' }
  | { type: 'prepare'; percent: number }
  | { type: 'progress'; percent: number }
  | { type: 'succeed' }
  | { type: 'fail'; error: UploadFailure }
  | { type: 'back' };

export const IDLE: UploadState = { phase: 'idle' };

/** Pure transitions; a late event of a finished upload (progress after an error) is ignored. */
export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  const running = state.phase === 'preparing' || state.phase === 'uploading';
  switch (action.type) {
    case 'start':
      return running || state.phase === 'success' ? state : { phase: 'uploading', percent: 0 };
    case 'prepare':
      return running ? { phase: 'preparing', percent: action.percent } : state;
    case 'progress':
      return running ? { phase: 'uploading', percent: action.percent } : state;
    case 'succeed':
      return running ? { phase: 'success' } : state;
    case 'fail':
      return running ? { phase: 'error', error: action.error } : state;
    case 'back':
      return IDLE;
  }
}

/** Thrown by a preparation step (the MD5) so the failure shows as the hash failure of spec §8. */
export class HashFailure extends Error {}

/** Turns what an upload threw into a failure kind (spec §7: 500 body verbatim). */
export function failureOf(error: unknown, aborted: 'user' | 'timeout' | null): UploadFailure {
  if (aborted === 'user') return { kind: 'aborted' };
  if (aborted === 'timeout') return { kind: 'timeout' };
  if (error instanceof HashFailure) return { kind: 'hash' };
  if (error instanceof ApiError) {
    if (error.status === 0) return { kind: 'connection' };
    if (error.status === 500) return { kind: 'gateway', message: error.message };
    return { kind: 'http', message: error.message };
  }
  return { kind: 'hash' };
}

export interface UploadContext {
  signal: AbortSignal;
  onPrepare(percent: number): void;
  onProgress(percent: number): void;
}

/** No progress and no answer for this long ends the upload with a clear message. */
export const UPLOAD_STALL_MS = 60_000;

/**
 * Runs `job` through the state machine. `start(job)` begins, `cancel()` aborts (the user's
 * choice), `retry()` runs the last job again, `back()` clears. A stall watchdog aborts an upload
 * that neither progresses nor gets an answer, so no spinner runs forever.
 */
export function useUploadFlow(stallMs = UPLOAD_STALL_MS) {
  const [state, dispatch] = useReducer(uploadReducer, IDLE);
  const lastJob = useRef<((context: UploadContext) => Promise<void>) | null>(null);
  const current = useRef<{ controller: AbortController; reason: 'user' | 'timeout' | null }>(null);

  const start = useCallback(
    async (job: (context: UploadContext) => Promise<void>) => {
      current.current?.controller.abort();
      lastJob.current = job;
      const run = { controller: new AbortController(), reason: null as 'user' | 'timeout' | null };
      current.current = run;
      let watchdog = 0;
      const arm = () => {
        window.clearTimeout(watchdog);
        watchdog = window.setTimeout(() => {
          run.reason = 'timeout';
          run.controller.abort();
        }, stallMs);
      };
      const live = () => current.current === run;
      arm();
      dispatch({ type: 'start' });
      try {
        await job({
          signal: run.controller.signal,
          onPrepare: (percent) => {
            arm();
            if (live()) dispatch({ type: 'prepare', percent });
          },
          onProgress: (percent) => {
            arm();
            if (live()) dispatch({ type: 'progress', percent });
          },
        });
        if (live()) dispatch({ type: 'succeed' });
      } catch (error) {
        if (live()) dispatch({ type: 'fail', error: failureOf(error, run.reason) });
      } finally {
        window.clearTimeout(watchdog);
      }
    },
    [stallMs],
  );

  const cancel = useCallback(() => {
    const run = current.current;
    if (!run) return;
    run.reason = 'user';
    run.controller.abort();
  }, []);

  const back = useCallback(() => {
    current.current?.controller.abort();
    current.current = null;
    dispatch({ type: 'back' });
  }, []);

  const retry = useCallback(() => {
    if (lastJob.current) void start(lastJob.current);
  }, [start]);

  // Leaving the page ends a running upload.
  useEffect(() => () => current.current?.controller.abort(), []);

  return { state, start, cancel, back, retry };
}

/** The words for a failure: the gateway's own text verbatim (spec §7), ours translated. */
export function uploadFailureText(
  t: (
    key: 'saving.UploadAborted' | 'saving.UploadConnectionLost' | 'saving.UploadTimeout',
  ) => string,
  failure: UploadFailure,
  hashText: string,
): string {
  switch (failure.kind) {
    case 'gateway':
    case 'http':
      return failure.message;
    case 'aborted':
      return t('saving.UploadAborted');
    case 'connection':
      return t('saving.UploadConnectionLost');
    case 'timeout':
      return t('saving.UploadTimeout');
    case 'hash':
      return hashText;
  }
}
