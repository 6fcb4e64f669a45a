import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { QueryClient, QueryState, UseQueryOptions } from './query-cache';

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({
  client,
  children,
}: {
  client: QueryClient;
  children?: ReactNode;
}) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}

/** Types the options once, so a shared definition infers `data` wherever it is used. */
export function queryOptions<TQueryFnData = unknown, TData = TQueryFnData>(
  options: UseQueryOptions<TQueryFnData, TData>,
): UseQueryOptions<TQueryFnData, TData> {
  return options;
}

interface QueryResultBase<TData, TError> {
  dataUpdatedAt: number;
  fetchStatus: 'fetching' | 'idle';
  isFetching: boolean;
  /** Pending and fetching: the first load is running. */
  isLoading: boolean;
  isEnabled: boolean;
  /** Fetches again (replacing a running refresh); never rejects, errors land in the result. */
  refetch: () => Promise<UseQueryResult<TData, TError>>;
}

/** A union on `status`, so `isPending` / `isError` checks narrow `data` and `error`. */
export type UseQueryResult<TData = unknown, TError = Error> = QueryResultBase<TData, TError> &
  (
    | { status: 'pending'; data: undefined; error: null; isPending: true; isError: false; isSuccess: false } // prettier-ignore
    | { status: 'error'; data: TData | undefined; error: TError; isPending: false; isError: true; isSuccess: false } // prettier-ignore
    | { status: 'success'; data: TData; error: null; isPending: false; isError: false; isSuccess: true } // prettier-ignore
  );

export function useQuery<TQueryFnData = unknown, TError = Error, TData = TQueryFnData>(
  options: UseQueryOptions<TQueryFnData, TData>,
): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const merged = { ...client.defaults, ...options };
  const { enabled = true, staleTime, select, refetchInterval } = merged;
  const query = client.getQuery<TQueryFnData>(options.queryKey);
  const state = useSyncExternalStore(query.subscribe, query.getState);

  // Layout effects: a fetch starting on mount shows as fetching before the first paint.
  useLayoutEffect(() => query.setOptions(merged));
  useLayoutEffect(() => {
    const leave = query.observe(enabled);
    if (enabled && query.isStale(staleTime)) void query.fetch();
    return leave;
  }, [query, enabled, staleTime]);

  const interval =
    enabled && (typeof refetchInterval === 'function' ? refetchInterval(query) : refetchInterval);
  useEffect(() => {
    if (!interval || interval === Infinity) return;
    const timer = setInterval(() => void query.fetch(), interval);
    return () => clearInterval(timer);
  }, [query, interval]);

  const resultOf = (now: QueryState<TQueryFnData>) =>
    ({
      data: query.select(select, now.data),
      error: now.error,
      status: now.status,
      isPending: now.status === 'pending',
      isError: now.status === 'error',
      isSuccess: now.status === 'success',
      isFetching: now.fetchStatus === 'fetching',
      isLoading: now.status === 'pending' && now.fetchStatus === 'fetching',
      isEnabled: enabled,
      fetchStatus: now.fetchStatus,
      dataUpdatedAt: now.dataUpdatedAt,
      refetch: () => query.fetch(true).then(() => resultOf(query.state)),
    }) as UseQueryResult<TData, TError>;
  return resultOf(state);
}

export interface UseMutationOptions<TData = unknown, TError = Error, TVariables = void> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Awaited before the mutation counts as done (so an invalidation finishes first). */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => unknown;
  retry?: false;
}

type MutationState<TData, TError, TVariables> =
  | { status: 'idle'; data: undefined; error: null; variables: undefined; isIdle: true; isPending: false; isError: false; isSuccess: false } // prettier-ignore
  | { status: 'pending'; data: undefined; error: null; variables: TVariables; isIdle: false; isPending: true; isError: false; isSuccess: false } // prettier-ignore
  | { status: 'error'; data: undefined; error: TError; variables: TVariables; isIdle: false; isPending: false; isError: true; isSuccess: false } // prettier-ignore
  | { status: 'success'; data: TData; error: null; variables: TVariables; isIdle: false; isPending: false; isError: false; isSuccess: true }; // prettier-ignore

export type UseMutationResult<TData = unknown, TError = Error, TVariables = void> = MutationState<
  TData,
  TError,
  TVariables
> & {
  /** Fire and forget: a failure shows in the state only. */
  mutate: (variables: TVariables) => void;
  mutateAsync: (variables: TVariables) => Promise<TData>;
  reset: () => void;
};

const stateOf = (status: string, data?: unknown, error: unknown = null, variables?: unknown) => ({
  status,
  data,
  error,
  variables,
  isIdle: status === 'idle',
  isPending: status === 'pending',
  isError: status === 'error',
  isSuccess: status === 'success',
});

/** The state of the latest call only; callbacks are the options of the latest render. */
export function useMutation<TData = unknown, TError = Error, TVariables = void>(
  options: UseMutationOptions<TData, TError, TVariables>,
): UseMutationResult<TData, TError, TVariables> {
  const [state, setState] = useState(() => stateOf('idle'));
  const latest = useRef(options);
  const run = useRef(0);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const mutateAsync = useCallback(async (variables: TVariables) => {
    const id = ++run.current;
    const show = (next: ReturnType<typeof stateOf>) => id === run.current && setState(next);
    const { mutationFn, onSuccess, onError, onSettled } = latest.current;
    show(stateOf('pending', undefined, null, variables));
    try {
      const data = await mutationFn(variables);
      await onSuccess?.(data, variables);
      await onSettled?.(data, null, variables);
      show(stateOf('success', data, null, variables));
      return data;
    } catch (caught) {
      const error = caught as TError;
      try {
        await onError?.(error, variables);
        await onSettled?.(undefined, error, variables);
      } finally {
        show(stateOf('error', undefined, error, variables));
      }
      throw error;
    }
  }, []);
  const mutate = useCallback(
    (variables: TVariables) => void mutateAsync(variables).catch(() => {}),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    run.current++;
    setState(stateOf('idle'));
  }, []);

  return { ...state, mutate, mutateAsync, reset } as UseMutationResult<TData, TError, TVariables>;
}
