/**
 * The server-state cache behind our small stand-in for TanStack Query (same names and options,
 * only the subset this app uses; the firmware's single bundle has no room for the full library).
 * Semantics kept: one entry per key (JSON of the key), concurrent fetches shared, cached data
 * shown while refetching, entries dropped `gcTime` after their last observer left, a fetch
 * aborted when nobody observes it any more, errors kept in state. No retries, no focus refetch,
 * no offline pause (networkMode 'always').
 */

import { currentScreenDevice, forScreenDevice } from '../device-scope';

export type QueryKey = readonly unknown[];
export type QueryMeta = Record<string, unknown>;
export type QueryStatus = 'pending' | 'error' | 'success';

export interface QueryFunctionContext {
  signal: AbortSignal;
  queryKey: QueryKey;
  meta: QueryMeta | undefined;
}

/** Options a QueryClient may default. Unsupported TanStack values are type errors on purpose. */
export interface QueryDefaults {
  /** ms a fetched answer counts as fresh; 0 (default) refetches on every mount. */
  staleTime?: number;
  /** ms an unobserved entry is kept; default 5 minutes, 0 = dropped right away. */
  gcTime?: number;
  retry?: false;
  refetchOnWindowFocus?: false;
  networkMode?: 'always';
}

export interface UseQueryOptions<
  TQueryFnData = unknown,
  TData = TQueryFnData,
> extends QueryDefaults {
  queryKey: QueryKey;
  queryFn: (context: QueryFunctionContext) => TQueryFnData | Promise<TQueryFnData>;
  enabled?: boolean;
  select?: (data: TQueryFnData) => TData;
  refetchInterval?: number | false | ((query: Query<TQueryFnData>) => number | false | undefined);
  meta?: QueryMeta;
}

export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  status: QueryStatus;
  fetchStatus: 'fetching' | 'idle';
  dataUpdatedAt: number;
  isInvalidated: boolean;
}

export interface QueryClientConfig {
  defaultOptions?: { queries?: QueryDefaults; mutations?: { retry?: false } };
}

const hashKey = (key: QueryKey) => JSON.stringify(key);

const isPlain = (value: unknown): value is Record<string, unknown> =>
  Array.isArray(value) ||
  (typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype);

/**
 * `next`, reusing `prev` or any of its parts that are deeply equal (TanStack's structural
 * sharing), so an unchanged answer keeps its identity for memos and effects.
 */
export function share<T>(prev: unknown, next: T): T {
  if (prev === next || !isPlain(prev) || !isPlain(next)) return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  const keys = Object.keys(next);
  const out = (Array.isArray(next) ? [] : {}) as Record<string, unknown>;
  let same = keys.length === Object.keys(prev).length;
  for (const key of keys) {
    out[key] = share(prev[key], next[key]);
    same &&= out[key] === prev[key];
  }
  return (same ? prev : out) as T;
}

interface Observer {
  enabled: boolean;
}

export class Query<T = unknown> {
  state: QueryState<T> = {
    data: undefined,
    error: null,
    status: 'pending',
    fetchStatus: 'idle',
    dataUpdatedAt: 0,
    isInvalidated: false,
  };
  options: Partial<UseQueryOptions<T, unknown>>;
  readonly observers = new Set<Observer>();
  readonly #listeners = new Set<() => void>();
  #controller: AbortController | undefined;
  #promise: Promise<void> | undefined;
  #before: QueryState<T> | undefined;
  #gcTimer: ReturnType<typeof setTimeout> | undefined;
  #selected: [unknown, unknown, unknown] | undefined;

  /** The device behind a companion this entry's requests go to (issue 27), as when it was made. */
  readonly #device = currentScreenDevice();

  constructor(
    readonly client: QueryClient,
    readonly queryKey: QueryKey,
  ) {
    this.options = { queryKey };
  }

  // Arrow properties: stable identities for useSyncExternalStore.
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };
  getState = () => this.state;

  setOptions(options: Partial<UseQueryOptions<T, unknown>>) {
    this.options = options;
  }

  setState(patch: Partial<QueryState<T>>) {
    this.state = { ...this.state, ...patch };
    this.#listeners.forEach((listener) => listener());
  }

  isStale(staleTime = 0) {
    const { status, isInvalidated, dataUpdatedAt } = this.state;
    return status !== 'success' || isInvalidated || Date.now() >= dataUpdatedAt + staleTime;
  }

  isActive() {
    return [...this.observers].some((observer) => observer.enabled);
  }

  /**
   * Starts a fetch, or joins the running one. `replace` (refetch, invalidation) aborts a running
   * fetch that would only refresh existing data, since its answer may predate a change.
   */
  fetch(replace = false): Promise<void> {
    if (this.#promise && !(replace && this.state.data !== undefined)) return this.#promise;
    this.#controller?.abort();
    const controller = (this.#controller = new AbortController());
    this.#before ??= this.state;
    this.setState({
      fetchStatus: 'fetching',
      ...(this.state.data === undefined && { status: 'pending', error: null }),
    });
    const { queryFn, meta } = this.options;
    const settle = (patch: Partial<QueryState<T>>) => {
      // A replaced or cancelled fetch must not overwrite what came after it.
      if (this.#controller !== controller) return;
      this.#controller = this.#promise = this.#before = undefined;
      this.setState({ ...patch, fetchStatus: 'idle' });
    };
    return (this.#promise = (async () =>
      // Its request starts within this call, so it goes to this entry's device whatever the
      // screen's device is at this moment (a remount's effects run in between).
      forScreenDevice(this.#device, () =>
        queryFn!({ signal: controller.signal, queryKey: this.queryKey, meta }),
      ))().then(
      (data) =>
        settle({
          data: share(this.state.data, data),
          dataUpdatedAt: Date.now(),
          error: null,
          status: 'success',
          isInvalidated: false,
        }),
      (error: unknown) =>
        settle({
          error: error instanceof Error ? error : new Error(String(error)),
          status: 'error',
          isInvalidated: true,
        }),
    ));
  }

  /** Registers a mounted useQuery; the returned function unregisters it. */
  observe(enabled: boolean): () => void {
    const observer = { enabled };
    clearTimeout(this.#gcTimer);
    this.observers.add(observer);
    return () => {
      this.observers.delete(observer);
      if (this.observers.size) return;
      // Deferred: an effect re-run (new `enabled`, StrictMode) re-observes in the same commit.
      queueMicrotask(() => {
        if (this.observers.size || !this.#controller) return;
        this.#controller.abort();
        // Back to the state before the fetch; still stale, as no fresh answer came.
        const before = this.#before!;
        this.#controller = this.#promise = this.#before = undefined;
        this.setState({ ...before, isInvalidated: true });
      });
      const gcTime = this.options.gcTime ?? 300_000;
      if (gcTime < Infinity) this.#gcTimer = setTimeout(() => this.client.remove(this), gcTime);
    };
  }

  /** `select` applied to the data, computed again only when either changes, result shared. */
  select<D>(select: ((data: T) => D) | undefined, data: T | undefined): D | T | undefined {
    if (!select || data === undefined) return data;
    const last = this.#selected;
    if (last && last[0] === select && last[1] === data) return last[2] as D;
    const result = share(last?.[2], select(data));
    this.#selected = [select, data, result];
    return result;
  }
}

/** Does `key` start with the parts of `prefix` (TanStack's partial key match, for arrays)? */
const matches = (key: QueryKey, prefix: QueryKey = []) =>
  prefix.every((part, index) => hashKey([part]) === hashKey([key[index]]));

/**
 * The key as cached: behind a companion with several devices, a one-device screen's data is
 * cached per device (issue 27), so a switch of device never shows the other device's answer.
 * The device goes last, so prefix matching (invalidateQueries) works as before.
 */
const scopedKey = (key: QueryKey): QueryKey => {
  const device = currentScreenDevice();
  return device === null ? key : [...key, { dtu: device }];
};

export class QueryClient {
  readonly #queries = new Map<string, Query<unknown>>();
  readonly defaults: QueryDefaults;

  constructor(config: QueryClientConfig = {}) {
    this.defaults = config.defaultOptions?.queries ?? {};
  }

  /** The entry for `queryKey`, created on first use. */
  getQuery<T>(unscopedKey: QueryKey): Query<T> {
    const queryKey = scopedKey(unscopedKey);
    const hash = hashKey(queryKey);
    let query = this.#queries.get(hash);
    if (!query) this.#queries.set(hash, (query = new Query(this, queryKey)));
    return query as Query<T>;
  }

  /** Drops an entry that nobody observes (its gcTime is over). */
  remove(query: Pick<Query, 'queryKey' | 'observers'>) {
    const hash = hashKey(query.queryKey);
    if (!query.observers.size && this.#queries.get(hash) === query) this.#queries.delete(hash);
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.#queries.get(hashKey(scopedKey(queryKey)))?.state.data as T | undefined;
  }

  setQueryData<T>(queryKey: QueryKey, updater: T | ((old: T | undefined) => T)): T {
    const query = this.getQuery<T>(queryKey);
    const data =
      typeof updater === 'function'
        ? (updater as (old: T | undefined) => T)(query.state.data)
        : updater;
    query.setState({
      data: share(query.state.data, data),
      dataUpdatedAt: Date.now(),
      status: 'success',
      error: null,
      isInvalidated: false,
    });
    return data;
  }

  /**
   * Marks every entry whose key starts with `queryKey` stale; those a mounted, enabled useQuery
   * shows are fetched again at once. Resolves when those fetches are done.
   */
  async invalidateQueries(filters: { queryKey?: QueryKey } = {}): Promise<void> {
    const hit = [...this.#queries.values()].filter((query) =>
      matches(query.queryKey, filters.queryKey),
    );
    hit.forEach((query) => query.setState({ isInvalidated: true }));
    await Promise.all(hit.filter((query) => query.isActive()).map((query) => query.fetch(true)));
  }
}
