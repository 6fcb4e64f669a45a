/**
 * Our server-state module: the subset of `@tanstack/react-query` this app uses, with the same
 * names and semantics (see query-cache.ts), at a fraction of the bundle size.
 */
export {
  QueryClient,
  type Query,
  type QueryClientConfig,
  type QueryDefaults,
  type QueryFunctionContext,
  type QueryKey,
  type QueryMeta,
  type QueryState,
  type QueryStatus,
  type UseQueryOptions,
} from './query-cache';
export {
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryResult,
} from './hooks';
