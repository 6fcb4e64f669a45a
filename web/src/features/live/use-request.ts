import { useCallback, useEffect, useRef, useState } from 'react';
import { failureReason } from '@/lib/device-problem-text';

export interface RequestState<T> {
  data: T | undefined;
  /** The failure text when the last call failed. */
  error: string | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` while `enabled` (a dialog is open), again every `refreshMs` when given, and drops
 * answers that arrive after it was disabled or restarted. The live page keeps TanStack Query out
 * of its first load (architecture "Budget"), so its dialogs use this small hook.
 */
export function useRequest<T>(
  load: () => Promise<T>,
  enabled: boolean,
  refreshMs?: number,
): RequestState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      setLoading(true);
      loadRef
        .current()
        .then(
          (value) => {
            if (!active) return;
            setData(value);
            setError(undefined);
          },
          (cause: unknown) => {
            if (active) setError(failureReason(cause));
          },
        )
        .finally(() => {
          if (!active) return;
          setLoading(false);
          if (refreshMs !== undefined) timer = setTimeout(run, refreshMs);
        });
    };
    run();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [enabled, refreshMs, round]);

  // A dialog opened again must not show the previous opening's answer (a stale "Ok" while a
  // new command is pending): forget it when the request is switched off.
  useEffect(() => {
    if (!enabled) return undefined;
    return () => {
      setData(undefined);
      setError(undefined);
    };
  }, [enabled]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload };
}
