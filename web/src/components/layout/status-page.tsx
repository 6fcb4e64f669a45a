import type { ReactNode } from 'react';
import type { UseQueryResult } from '@/lib/query';
import { Page } from './page';

interface StatusPageProps<T> {
  title: string;
  query: UseQueryResult<T>;
  /** The content once the status has arrived. */
  children(status: T): ReactNode;
  /** Shown while the status is missing (loading or failed): what the page knows without it. */
  withoutStatus?: ReactNode;
}

/**
 * The frame of a read-only status page (spec §2 info pages): one request, spinner, error with
 * Retry, Reload refetching. A retry after an error shows the spinner again, not the old error.
 */
export function StatusPage<T>({ title, query, children, withoutStatus }: StatusPageProps<T>) {
  return (
    <Page
      title={title}
      isLoading={query.isPending || (query.isFetching && query.isError)}
      error={query.error}
      onReload={() => query.refetch()}
      lead={query.data === undefined && withoutStatus}
    >
      {query.data !== undefined && children(query.data)}
    </Page>
  );
}
